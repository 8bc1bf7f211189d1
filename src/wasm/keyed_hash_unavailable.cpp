// The WebAssembly build's keyed hash (homework/trust/keyed_hash.hpp): none. Homework variants (`--variant
// ID`, with or without the course secret) are derived from HMAC-SHA256, which attn takes from
// OpenSSL's libcrypto and never writes itself; the browser build does not carry libcrypto, so the
// course secret's code path is not in it, and a variant is refused with one line (exit 2). The
// chapter's own numbers (no --variant) need no hash and work in the browser.
#include "homework/trust/keyed_hash.hpp"

#include "errors.hpp"

namespace attn::homework {

Digest hmac_sha256(std::string_view, std::string_view) {
    throw UsageError("--variant", "homework variants are not in the browser build (they need libcrypto's "
                                  "HMAC-SHA256); the chapter's numbers work here without --variant, and "
                                  "variants and keyed grading run in attn for Linux");
}

}  // namespace attn::homework
