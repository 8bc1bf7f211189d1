// The page's Web Worker (web/index.html): runs attn's WebAssembly module, one fresh instance per
// command, so a long run never blocks the page and Cancel is worker.terminate(). The built page
// (tools/web_page.py) puts attn.js (createAttn, the module's JavaScript) before this file in one
// Blob and sends the .wasm, gzipped, in the init message, so nothing is fetched: the page works
// from file:// and offline.
//
// Messages in:  {type: "init", wasmGzipBase64} (once), {type: "run", args: [...], env: {...}, pageFlags,
//               files: [{name, bytes}] (the student's chosen files, written to the working folder)}
// Messages out: {type: "ready", ms}, {type: "out", text}, {type: "err", text},
//               {type: "files", files: [{name, text}]}, {type: "done", code, ms, args} (args: the
//               command line that ran, the page's flags included),
//               {type: "reset"} (what the run printed so far is void: it runs again, below)
//
// Public homework variants (`--variant ID`, no course secret) need HMAC-SHA256 with the empty key
// (src/wasm/host.cpp). The browser's is WebCrypto's, which is asynchronous while the
// module asks synchronously, so the module gets the digests the worker already has
// (Module.hmacSha256); a message it has not seen stops the run (exit 2, before anything is
// printed: a variant is derived first), the worker computes its digest and runs the command again
// in a fresh instance. The module never hands a key out: a course secret is refused inside it.
"use strict";

let compiled = null;   // the WebAssembly.Module, compiled once per worker

// Bytes from base64: the browser's own decoder where it has one (Uint8Array.fromBase64: Chrome
// 140, Firefox 133, Safari 18.2), about 10 times faster than atob and a loop over a million
// characters.
function fromBase64(b64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(b64);
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

// Bytes to text without splitting a UTF-8 sequence: one streaming decoder per stream.
function textStream(type) {
  const decoder = new TextDecoder("utf-8");
  let pending = [];
  const flush = () => {
    if (!pending.length) return;
    const text = decoder.decode(new Uint8Array(pending), { stream: true });
    pending = [];
    if (text) postMessage({ type, text });
  };
  const put = (byte) => {
    if (byte === null) return;
    pending.push(byte);
    // stderr: a progress line ends in \r or \n and shows at once; stdout in blocks
    if ((type === "err" && (byte === 13 || byte === 10)) || pending.length >= 8192) flush();
  };
  return { put, flush };
}

// HMAC-SHA256 digests by message (hex), computed by WebCrypto. WebCrypto refuses an empty HMAC
// key; 64 zero bytes are the same key (RFC 2104 pads a key shorter than SHA-256's 64-byte block
// with zeros), so they give the same digests.
const digests = new Map();
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
async function computeDigest(message) {
  if (!(self.crypto && crypto.subtle)) {   // WebCrypto is given to secure pages only
    throw new Error("homework variants need the browser's WebCrypto, which it gives to a page opened from disk "
                    + "or served over https, not over plain http");
  }
  const key = await crypto.subtle.importKey("raw", new Uint8Array(64), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  digests.set(hex(message), new Uint8Array(await crypto.subtle.sign("HMAC", key, message)));
}

// A fresh instance of the module: stdout's bytes to `put`, the environment `env`; the messages
// whose digests it asked for and was not given go to `wanted`.
function instance(put, env, onExit, wanted) {
  const options = {
    noInitialRun: true,
    print: () => {}, printErr: () => {},
    hmacSha256: (message) => {
      const digest = digests.get(hex(message));
      if (!digest && wanted) wanted.push(message);
      return digest || null;
    },
    preRun: [(M) => {
      M.FS.init(null, put, null);   // stdout: bytes; stderr: the module's terminal (progress)
      Object.assign(M.ENV, env || {});
    }],
    onExit,
  };
  if (compiled) {
    options.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(compiled, imports).then((inst) => receive(inst, compiled));
      return {};
    };
  }
  return createAttn(options);
}

// The page's flags a command takes, read from its own --help once: {color: true if it takes
// --color, svg: the word its help names --svg's value with (FILE, or DIR for homework's folder of
// charts), or null}.
const helpFlags = new Map();
async function pageFlags(command) {
  if (!/^[a-z][a-z0-9-]*$/.test(command || "")) return { color: false, svg: null };
  if (!helpFlags.has(command)) {
    const bytes = [];
    const M = await instance((b) => { if (b !== null) bytes.push(b); }, {}, () => {});
    M.TTY.default_tty1_ops.put_char = () => {};
    try { M.callMain([command, "--help"]); } catch (e) { /* exit */ }
    const help = new TextDecoder().decode(new Uint8Array(bytes));
    const svg = /^\s+--svg[ =]([A-Z]+)\b/m.exec(help);
    helpFlags.set(command, { color: /^\s+--color\b/m.test(help), svg: svg ? svg[1] : null });
  }
  return helpFlags.get(command);
}

// The picture flags the page adds (index.html): --color always, and --svg COMMAND.svg (or --svg .,
// the working folder, where --svg takes a folder: homework's charts), each only where the command
// takes it and the command line does not have it already. Returns the arguments and the flags
// added.
async function withPageFlags(args) {
  if (args.some((a) => a === "--help" || a === "-h")) return { args, added: [] };
  const flags = await pageFlags(args[0]);
  const given = (f) => args.some((a) => a === f || a.startsWith(f + "="));
  const out = args.slice(), added = [];
  if (flags.color && !given("--color")) out.push("--color", "always"), added.push("--color");
  if (flags.svg && !given("--svg")) out.push("--svg", flags.svg === "DIR" ? "." : args[0] + ".svg"), added.push("--svg");
  return { args: out, added };
}

// typed: the command line as typed; withFlags: with the page's flags ({args, added}), or null.
async function run(typed, withFlags, env, files) {
  const t0 = performance.now();
  let args = withFlags ? withFlags.args : typed, added = withFlags ? withFlags.added : [];
  for (let attempt = 0; ; ++attempt) {
    const wanted = [];
    const result = await runOnce(args, env, files, wanted);
    // A digest was missing (a variant's, at most two per command): compute it, run again.
    if (wanted.length && attempt < 4) {
      postMessage({ type: "reset" });
      for (const message of wanted) await computeDigest(message);
      continue;
    }
    // A flag the page added is refused with what was typed (a picture flag of a command that
    // draws nothing then: `homework --template`, `lesson 1`, `udl 12.2 --diagnose`): the command
    // runs again as typed, so the page's extras never make a command fail.
    if (result.code === 2 && added.some((f) => result.stderr.includes(f))) {
      postMessage({ type: "reset" });
      args = typed;
      added = [];
      continue;
    }
    if (result.pictures.length) postMessage({ type: "files", files: result.pictures });
    postMessage({ type: "done", code: result.code, ms: performance.now() - t0, args });
    return;
  }
}

async function runOnce(args, env, files, wanted) {
  const out = textStream("out"), err = textStream("err");
  let stderr = "";
  const errText = new TextDecoder("utf-8");
  const before = new Set();
  let exitCode = null;
  const M = await instance(out.put, env, (code) => { exitCode = code; }, wanted);
  // stderr goes through the module's terminal device, so isatty(2) and attn's progress line work;
  // its bytes come here as they are written.
  M.TTY.default_tty1_ops.put_char = (tty, byte) => {
    if (byte !== null) stderr += errText.decode(new Uint8Array([byte]), { stream: true });
    err.put(byte);
  };
  M.TTY.default_tty1_ops.flush = () => err.flush();
  const cwd = M.FS.cwd();
  for (const f of files || []) M.FS.writeFile(cwd + "/" + f.name.replace(/[\/]/g, "_"), f.bytes);
  for (const name of M.FS.readdir(cwd)) before.add(name);
  let code;
  try {
    code = M.callMain(args);
  } catch (e) {
    code = e && e.name === "ExitStatus" ? e.status : 70;
    if (code === 70) err.put(null), postMessage({ type: "err", text: "attn (wasm): " + e + "\n" });
  }
  if (exitCode !== null) code = exitCode;
  out.flush();
  err.flush();
  const pictures = [];
  for (const name of M.FS.readdir(cwd)) {
    if (before.has(name) || !/\.svg$/i.test(name)) continue;
    pictures.push({ name, text: M.FS.readFile(cwd + "/" + name, { encoding: "utf8" }) });
  }
  return { code, pictures, stderr };
}

let started = null;
async function start(b64) {
  const t0 = performance.now();
  // the page's gzipped .wasm (tools/web_page.py), inflated by the browser (DecompressionStream:
  // Chrome 80, Firefox 113, Safari 16.4) and compiled as it streams in
  const inflated = new Blob([fromBase64(b64)]).stream().pipeThrough(new DecompressionStream("gzip"));
  compiled = await WebAssembly.compileStreaming(new Response(inflated, { headers: { "Content-Type": "application/wasm" } }));
  postMessage({ type: "ready", ms: performance.now() - t0 });
}

onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    started = start(msg.wasmGzipBase64).catch((e) => postMessage({ type: "err", text: "attn (wasm): " + e + "\n" }));
    return;
  }
  if (msg.type !== "run") return;
  await started;
  try {
    await run(msg.args, msg.pageFlags ? await withPageFlags(msg.args) : null, msg.env, msg.files);
  } catch (e) {
    postMessage({ type: "err", text: "attn (wasm): " + (e && e.stack ? e.stack : e) + "\n" });
    postMessage({ type: "done", code: 70, ms: 0 });
  }
};
