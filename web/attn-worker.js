// The page's Web Worker (web/index.html): runs attn's WebAssembly module, one fresh instance per
// command, so a long run never blocks the page and Cancel is worker.terminate(). The built page
// (tools/web_page.py) puts attn.js (createAttn, the .wasm inside as base64) before this file in
// one Blob, so nothing is fetched: the page works from file:// and offline.
//
// Messages in:  {type: "init", wasmBase64} (once), {type: "run", args: [...], env: {...},
//               files: [{name, bytes}] (the student's chosen files, written to the working folder)}
// Messages out: {type: "ready", ms}, {type: "out", text}, {type: "err", text},
//               {type: "files", files: [{name, text}]}, {type: "done", code, ms}
"use strict";

let compiled = null;   // the WebAssembly.Module, compiled once per worker

// The module's bytes, from the base64 of its data: URI (SINGLE_FILE) that the page sends once.
function moduleBytes(b64) {
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

async function run(args, env, files) {
  const t0 = performance.now();
  const out = textStream("out"), err = textStream("err");
  const before = new Set();
  let exitCode = null;
  const options = {
    noInitialRun: true,
    print: () => {}, printErr: () => {},
    preRun: [(M) => {
      M.FS.init(null, out.put, null);   // stdout: bytes; stderr: the module's terminal (progress)
      Object.assign(M.ENV, env || {});
    }],
    onExit: (code) => { exitCode = code; },
  };
  if (compiled) {
    options.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    };
  }
  const M = await createAttn(options);
  // stderr goes through the module's terminal device, so isatty(2) and attn's progress line work;
  // its bytes come here as they are written.
  M.TTY.default_tty1_ops.put_char = (tty, byte) => err.put(byte);
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
  if (pictures.length) postMessage({ type: "files", files: pictures });
  postMessage({ type: "done", code, ms: performance.now() - t0 });
}

let started = null;
async function start(b64) {
  const t0 = performance.now();
  compiled = await WebAssembly.compile(moduleBytes(b64));
  postMessage({ type: "ready", ms: performance.now() - t0 });
}

onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") { started = start(msg.wasmBase64); return; }
  if (msg.type !== "run") return;
  await started;
  try {
    await run(msg.args, msg.env, msg.files);
  } catch (e) {
    postMessage({ type: "err", text: "attn (wasm): " + (e && e.stack ? e.stack : e) + "\n" });
    postMessage({ type: "done", code: 70, ms: 0 });
  }
};
