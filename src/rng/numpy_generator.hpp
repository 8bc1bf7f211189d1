#pragma once
// NumPy-compatible random generator: np.random.default_rng(seed).normal(loc, scale, size).
// SeedSequence -> PCG64 -> 256-layer ziggurat, bit for bit as NumPy 1.24
// (docs/spec/numpy-random.md). No CLI, printing or xtensor here.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rng/draw_stream.hpp"
#include "rng/seed.hpp"

namespace attn::rng {

class NumpyGenerator {
public:
    // seed: a non-negative decimal integer of any size ("0", "18446744073709551621", ...), in
    // the grammar of rng/seed.hpp. Throws SeedError for "-1", "+1", "", "1.5", "abc".
    explicit NumpyGenerator(const std::string& decimal_seed);
    explicit NumpyGenerator(std::uint64_t seed);
    explicit NumpyGenerator(const Seed& seed);

    std::uint64_t next_uint64();          // PCG64 next64
    double next_double();                 // (next64 >> 11) * 2^-53
    double standard_normal();             // ziggurat, may return -0.0

    // Generator.normal(loc, scale, count): out[i] = loc + scale * z_i (never fused), C order,
    // continuing the stream. scale must be >= 0 (checked by callers).
    void normal(double loc, double scale, double* out, std::size_t count);
    std::vector<double> normal(double loc, double scale, std::size_t count);

private:
    friend struct NumpyGeneratorTestAccess;  // tests only: read / set the PCG64 state

    // The PCG64 stream a block ahead: every draw of every call comes from it, in order.
    DrawStream stream_;
};

}  // namespace attn::rng
