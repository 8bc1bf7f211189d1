#pragma once
// NumPy-compatible random generator: np.random.default_rng(seed).normal(loc, scale, size).
// SeedSequence -> PCG64 -> 256-layer ziggurat, bit for bit as NumPy 1.24
// (docs/spec/numpy-random.md). No CLI, printing or xtensor here.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rng/draw_stream.hpp"
#include "rng/read_ahead.hpp"
#include "rng/seed.hpp"

namespace attn::rng {

class NumpyGenerator {
public:
    // seed: a non-negative decimal integer of any size ("0", "18446744073709551621", ...), in
    // the grammar of rng/seed.hpp. Throws SeedError for "-1", "+1", "", "1.5", "abc".
    explicit NumpyGenerator(const std::string& decimal_seed);
    explicit NumpyGenerator(std::uint64_t seed);
    explicit NumpyGenerator(const Seed& seed);
    ~NumpyGenerator();
    NumpyGenerator(NumpyGenerator&&) noexcept;
    NumpyGenerator& operator=(NumpyGenerator&&) noexcept;

    std::uint64_t next_uint64();          // PCG64 next64
    double next_double();                 // (next64 >> 11) * 2^-53
    double standard_normal();             // ziggurat, may return -0.0

    // Generator.normal(loc, scale, count): out[i] = loc + scale * z_i (never fused), C order,
    // continuing the stream. scale must be >= 0 (checked by callers).
    void normal(double loc, double scale, double* out, std::size_t count);
    std::vector<double> normal(double loc, double scale, std::size_t count);

    // A promise that the next `count` draws are normals (normal() of any loc and scale, or
    // standard_normal()). From the read-ahead's minimum on (and with ATTN_DRAW_THREADS, src/cpu,
    // not 0), helper threads decode them ahead (rng/read_ahead.hpp); any other draw, or a new
    // promise, ends that at the exact place in the stream. The bits are the same either way.
    // Throws attn::UsageError for a bad ATTN_DRAW_THREADS.
    void will_draw_normals(std::uint64_t count);

private:
    friend struct NumpyGeneratorTestAccess;  // tests only: read / set the PCG64 state
    void set_state(unsigned __int128 state, unsigned __int128 inc);
    void end_read_ahead();   // the stream continues after the last normal taken from ahead_

    // The PCG64 stream a block ahead: every draw of every call comes from it, in order.
    DrawStream stream_;
    FastPathBlock fast_;   // the fast path's candidates of stream_'s block (normal())
    // Normals decoded ahead on other threads, and how many of the promised ones are left; while
    // set, stream_ is stale (the read-ahead holds the stream's place).
    std::unique_ptr<ReadAhead> ahead_;
    std::uint64_t ahead_left_ = 0;
    std::optional<ReadAheadConfig> ahead_config_;   // tests only: instead of the defaults
    ReadAheadCounts ahead_counts_;                  // summed over this generator's read-aheads
};

}  // namespace attn::rng
