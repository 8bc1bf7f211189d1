#pragma once
// Shared helpers for the test_rng*.cpp files (not compiled on its own).
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "rng/numpy_generator.hpp"

namespace attn::rng {

// Declared a friend in numpy_generator.hpp: lets tests read and set the PCG64 state.
struct NumpyGeneratorTestAccess {
    // the state once the draws handed out are consumed (the buffered rest is not lost)
    static unsigned __int128 state(const NumpyGenerator& g) { return g.stream_.state(); }
    static unsigned __int128 inc(const NumpyGenerator& g) { return g.stream_.inc(); }
    static void set(NumpyGenerator& g, unsigned __int128 state, unsigned __int128 inc) { g.stream_ = DrawStream(state, inc); }
};

}  // namespace attn::rng

namespace rng_test {

inline std::uint64_t bits(double v) {
    std::uint64_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}

inline std::string hex64(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = digits[v & 0xf];
    return s;
}

inline std::string hex128(unsigned __int128 v) {
    return hex64(static_cast<std::uint64_t>(v >> 64)) + hex64(static_cast<std::uint64_t>(v));
}

inline unsigned __int128 parse_hex128(const std::string& s) {
    if (s.empty() || s.size() > 32) throw std::runtime_error("bad hex: " + s);
    unsigned __int128 v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else throw std::runtime_error("bad hex: " + s);
        v = (v << 4) | static_cast<unsigned>(d);
    }
    return v;
}

}  // namespace rng_test
