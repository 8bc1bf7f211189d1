#include "homework/trust/keyed_hash.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace attn::homework {

Digest hmac_sha256(std::string_view key, std::string_view message) {
    Digest out{};
    unsigned int length = 0;
    // An empty key is a valid HMAC key (RFC 2104 pads it with zeros); OpenSSL wants a non-null pointer.
    static const unsigned char kNoKey = 0;
    const void* key_bytes = key.empty() ? static_cast<const void*>(&kNoKey) : static_cast<const void*>(key.data());
    const unsigned char* ok = HMAC(EVP_sha256(), key_bytes, static_cast<int>(key.size()),
                                   reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                                   out.data(), &length);
    if (!ok || length != out.size()) throw std::runtime_error("HMAC-SHA256 failed in libcrypto");
    return out;
}

}  // namespace attn::homework
