#pragma once
// HMAC-SHA256 (RFC 2104 over FIPS 180-4), from OpenSSL's libcrypto: the keyed hash that turns a
// course secret and a student ID into that student's variant. No cryptography is written here.
#include <array>
#include <string_view>

namespace attn::homework {

using Digest = std::array<unsigned char, 32>;

Digest hmac_sha256(std::string_view key, std::string_view message);

}  // namespace attn::homework
