#!/usr/bin/env node
// attn's WebAssembly module (attn.js, the one the page loads) run as a command under Node:
//   node attn-node.js scaling --dq 400        (or build-wasm/attn-node scaling --dq 400)
// Its arguments, environment, standard input and output (as bytes), the host's files (each
// top-level folder mounted through Emscripten's NODEFS, the working directory kept) and its exit
// status are the process's own, so the tests run it exactly as they run the Linux binary.
"use strict";
const fs = require("fs");
const path = require("path");

const modulePath = process.env.ATTN_WASM_MODULE || path.join(__dirname, "attn.js");
const createAttn = require(modulePath);
// The .wasm beside its JavaScript (attn.wasm), read here: Emscripten 3.1.6's loader would fetch()
// it, which Node 18+ has but not for a file path. A module built with -sSINGLE_FILE (the unit
// tests') carries its .wasm inside and has none beside it.
const wasmPath = modulePath.replace(/\.js$/, ".wasm");
const wasmBinary = fs.existsSync(wasmPath) ? fs.readFileSync(wasmPath) : undefined;

// Bytes out, in blocks (one write per 64 KiB and at exit).
function sink(fd) {
  let buf = Buffer.alloc(1 << 16), n = 0;
  const flush = () => {
    let off = 0;
    while (off < n) off += fs.writeSync(fd, buf, off, n - off);
    n = 0;
  };
  const put = (byte) => {
    if (byte === null) return;
    buf[n++] = byte;
    if (n === buf.length) flush();
  };
  return { put, flush };
}

// Standard input, read whole at the first byte attn asks for (attn reads `-` whole anyway).
function source() {
  let data = null, at = 0;
  return () => {
    if (data === null) {
      try { data = fs.readFileSync(0); } catch (e) { data = Buffer.alloc(0); }
    }
    return at < data.length ? data[at++] : null;
  };
}

const out = sink(1), err = sink(2);
let finished = false;
const finish = (code) => {
  if (finished) return;
  finished = true;
  out.flush();
  err.flush();
  process.exitCode = code;
};

// HMAC-SHA256 with the empty key (public self-study variants, src/wasm/host.cpp), from
// Node's crypto (OpenSSL); the module never asks for a keyed one.
const crypto = require("crypto");
const hmacSha256 = (bytes) => crypto.createHmac("sha256", Buffer.alloc(0)).update(bytes).digest();

createAttn({
  noInitialRun: true,
  wasmBinary,
  hmacSha256,
  preRun: [(M) => {
    const FS = M.FS;
    FS.init(source(), out.put, err.put);
    for (const name of fs.readdirSync("/")) {
      if (["dev", "proc", "sys"].includes(name)) continue;
      let st;
      try { st = fs.statSync("/" + name); } catch (e) { continue; }
      if (!st.isDirectory()) continue;
      try { FS.mkdir("/" + name); } catch (e) { /* Emscripten's own /tmp, /home */ }
      FS.mount(M.NODEFS, { root: "/" + name }, "/" + name);
    }
    for (const key of Object.keys(M.ENV)) delete M.ENV[key];
    Object.assign(M.ENV, process.env);
  }],
  onExit: finish,
  quit: (code) => { finish(code); },
}).then((M) => {
  M.FS.chdir(process.cwd());
  const code = M.callMain(process.argv.slice(2));
  finish(typeof code === "number" ? code : 0);
}).catch((e) => {
  if (e && e.name === "ExitStatus") { finish(e.status); return; }
  out.flush();
  process.stderr.write("attn (wasm): " + (e && e.stack ? e.stack : e) + "\n");
  err.flush();
  process.exitCode = 70;
});
