#!/usr/bin/env node
// The page's worker (web/attn-worker.js) and the flags it adds (issue 41), under Node without the
// WebAssembly build: the worker's own code runs as the page runs it, with the native attn standing
// in for the module (createAttn below: the same command line, environment and files, run in a
// scratch folder by the Linux build). For every example link of web/index.html and the homework's
// commands (`homework`: its charts through --svg's folder; `homework --template --variant s001`,
// `lesson 1`: a page flag attn refuses, so the command runs again as typed), the run must exit 0
// with the stdout and pictures of the native attn run as the page finally ran it.
// The browser itself (the module, WebCrypto, the page's DOM) is tests/web/chromium_test.py's.
//
//   node tests/web/worker_flags_test.js build/attn web/attn-worker.js web/index.html
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const [attn, workerPath, pagePath] = process.argv.slice(2);
let passed = 0, failed = 0;
const scratch = [];   // every scratch folder made, removed at the end
const check = (ok, what) => { if (ok) passed++; else { failed++; console.log("FAIL " + what); } return ok; };

// A stand-in for Emscripten's module: FS is a scratch folder, callMain runs the native attn there.
function createAttn(options) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attn-worker-"));
  scratch.push(dir);
  const M = {
    ENV: {},
    TTY: { default_tty1_ops: { put_char: () => {}, flush: () => {} } },
    FS: {
      init: (stdin, put) => { M.put = put; },
      cwd: () => dir,
      writeFile: (p, bytes) => fs.writeFileSync(p, bytes),
      readdir: (p) => [".", ".."].concat(fs.readdirSync(p)),
      readFile: (p) => fs.readFileSync(p, "utf8"),
    },
    callMain(args) {
      const r = spawnSync(path.resolve(attn), args, { cwd: dir, env: Object.assign({ PATH: process.env.PATH }, M.ENV) });
      for (const b of r.stdout) M.put(b);
      for (const b of r.stderr) M.TTY.default_tty1_ops.put_char(null, b);
      if (options.onExit) options.onExit(r.status);
      return r.status;
    },
  };
  for (const f of options.preRun) f(M);
  return Promise.resolve(M);
}

// The worker as the page loads it, its messages to the page collected.
const posted = [];
const context = { postMessage: (m) => posted.push(m), performance, TextDecoder, createAttn, self: {} };
const onmessage = new Function(...Object.keys(context), "let onmessage;\n" + fs.readFileSync(workerPath, "utf8") + "\nreturn onmessage;")(
  ...Object.values(context));

// What the page sends (web/index.html, run()).
const ENV = { ATTN_LANG: "zh-TW", TERM: "xterm-256color", COLORTERM: "truecolor", COLUMNS: "120" };
async function pageRun(line) {
  posted.length = 0;
  await onmessage({ data: { type: "run", args: line.split(" "), files: [], pageFlags: true, env: ENV } });
  let stdout = "", pictures = {}, done = null;
  for (const m of posted) {
    if (m.type === "reset") { stdout = ""; pictures = {}; }
    else if (m.type === "out") stdout += m.text;
    else if (m.type === "files") for (const f of m.files) pictures[f.name] = f.text;
    else if (m.type === "done") done = m;
  }
  return { stdout, pictures, code: done && done.code, ran: done && done.args };
}

function nativeRun(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attn-native-"));
  scratch.push(dir);
  const r = spawnSync(path.resolve(attn), args, { cwd: dir, env: Object.assign({ PATH: process.env.PATH }, ENV) });
  const pictures = {};
  for (const n of fs.readdirSync(dir)) if (n.endsWith(".svg")) pictures[n] = fs.readFileSync(path.join(dir, n), "utf8");
  return { stdout: r.stdout.toString("utf8"), pictures, code: r.status };
}

(async () => {
  const page = fs.readFileSync(pagePath, "utf8");
  const links = Array.from(page.matchAll(/<a data-cmd="([^"]*)"/g), (m) => m[1]);
  check(links.length >= 5 && links.includes("homework"), `the page's example links (${links})`);
  const lines = links.concat(["homework --template --variant s001", "homework --key", "lesson 1", "attention --n 4"]);
  for (const line of lines) {
    const got = await pageRun(line);
    check(got.code === 0, `${line}: exit ${got.code} in the page (ran: ${got.ran ? "attn " + got.ran.join(" ") : "?"})`);
    if (!check(got.ran, `${line}: the worker says which command line ran`)) continue;
    const want = nativeRun(got.ran);
    const names = Object.keys(got.pictures).sort().join(","), wantNames = Object.keys(want.pictures).sort().join(",");
    check(got.stdout === want.stdout, `${line}: stdout is the native attn's for attn ${got.ran.join(" ")}`);
    check(names === wantNames && Object.keys(want.pictures).every((n) => got.pictures[n] === want.pictures[n]),
          `${line}: pictures [${names}], the native attn's [${wantNames}]`);
    console.log(`${line}: exit ${got.code}, ran \`attn ${got.ran.join(" ")}\`, pictures [${names}]`);
  }
  // The page's flags as intended: homework's charts through --svg's folder, the experiments'
  // colour and picture, the refused extras dropped.
  const expect = { "homework": ["homework", "--svg", "."], "lesson 1": ["lesson", "1"],
                   "homework --template --variant s001": ["homework", "--template", "--variant", "s001"],
                   "attention --n 4": ["attention", "--n", "4", "--color", "always", "--svg", "attention.svg"] };
  for (const [line, ran] of Object.entries(expect)) {
    const got = await pageRun(line);
    check(JSON.stringify(got.ran) === JSON.stringify(ran), `${line}: ran ${JSON.stringify(got.ran)}, want ${JSON.stringify(ran)}`);
  }
  const hw = await pageRun("homework");
  check(Object.keys(hw.pictures).sort().join(",") === "hw1-weights.svg,hw3-cost.svg",
        `homework: the worked solutions' charts are shown (${Object.keys(hw.pictures)})`);
  for (const d of scratch) fs.rmSync(d, { recursive: true, force: true });
  console.log(`worker_flags: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
