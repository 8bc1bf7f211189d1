#pragma once
// A double's IEEE-754 bit pattern and back (C++17 has no std::bit_cast).
#include <cstdint>
#include <cstring>

namespace attn::core {

inline std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

inline double double_from_bits(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

}  // namespace attn::core
