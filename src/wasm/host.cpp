// The browser build's side of the host interface (host/host.hpp), in place of src/host/linux.cpp
// (cmake/wasm.cmake's source lists).
//   - HMAC-SHA256 with the EMPTY key only, computed by the host's own cryptography library, never
//     written here: under Node (web/attn-node.js) Node's crypto (OpenSSL), synchronously; in the
//     page (web/attn-worker.js) the browser's WebCrypto. WebCrypto is asynchronous, so the worker
//     answers from the digests it has; for a message it has not seen, the run stops here (one
//     line, exit 2), the worker computes that digest and runs the command again in a fresh
//     instance, its first output discarded (a variant is derived before anything is printed).
//     The empty key is the public self-study variants' (`--variant ID` without a course secret:
//     docs/homework.md). A course secret never leaves the module and is never hashed in it: a
//     keyed variant is refused here, before anything is computed, so keyed grading stays on the
//     teacher's machine (attn for Linux, with libcrypto).
//   - No class grading: a roster (libcsv), a folder of students' sheets, the course secret and a
//     thread pool are the teacher's machine's work, not a browser tab's. `--grade-class` is
//     refused with one line (exit 2) before anything is read; the CSV functions, never reached,
//     refuse the same way.
//   - One core: the module is single-threaded.
//   - No muParser: a compiled library that Debian ships for Linux only, so the module does not
//     link it; an answer sheet with an expression answer gets one line (exit 3), as a Linux build
//     without libmuparser does. Numeric answers grade as usual.
#include <emscripten.h>

#include "errors.hpp"
#include "host/host.hpp"

namespace {

// 1: the digest is in `out`; 0: the host will compute it and run again; -1: no host function.
// Module.hmacSha256(bytes) returns the 32 bytes of HMAC-SHA256(empty key, bytes), or null.
EM_JS(int, attn_host_hmac_sha256_public, (const unsigned char* message, int length, unsigned char* out), {
    const hmac = Module["hmacSha256"];
    if (typeof hmac !== "function") return -1;
    const digest = hmac(HEAPU8.slice(message, message + length));
    if (!digest || digest.length !== 32) return 0;
    HEAPU8.set(digest, out);
    return 1;
});

}  // namespace

namespace attn::host {

Digest hmac_sha256(std::string_view key, std::string_view message) {
    if (!key.empty()) {
        throw UsageError("--variant", "keyed variants (with the course secret) are not in the browser build: the "
                                      "course secret stays on the teacher's machine, where attn for Linux grades "
                                      "them; here --variant gives the public self-study numbers (no secret)");
    }
    Digest out{};
    const int got = attn_host_hmac_sha256_public(reinterpret_cast<const unsigned char*>(message.data()),
                                                 static_cast<int>(message.size()), out.data());
    if (got == 1) return out;
    if (got == 0) {
        throw UsageError("--variant", "this variant's HMAC-SHA256 is being computed by the page; the command "
                                      "runs again when it is ready");
    }
    throw UsageError("--variant", "this host gives the module no HMAC-SHA256 (run it through attn-node.js or "
                                  "the web page)");
}

void require_class_grading() {
    throw UsageError("--grade-class", "class grading is not in the browser build; it runs in attn for Linux "
                                      "on the teacher's machine");
}

unsigned available_cores() { return 1; }

void csv_records(std::string_view, const std::function<void(CsvRecord&)>&, const CsvRefusal&) { require_class_grading(); }

std::string csv_quoted(std::string_view) {
    require_class_grading();
    return {};
}

MuParser::MuParser() : handle_(nullptr) {
    throw IoError("expression answers: not graded in the browser build (muParser is not linked); "
                  "numeric answers are, and attn for Linux grades expressions");
}
MuParser::~MuParser() = default;
void MuParser::define_var(const char*, double*) {}
void MuParser::set_expr(const std::string&) {}
double MuParser::eval() { return 0.0; }
int MuParser::num_results() { return 0; }
void MuParser::check() {}

}  // namespace attn::host
