#pragma once
// Four ways to run the companion lesson's causal attention head (section 5: d_model 16,
// d_head 8, float32), for `attn cost` (the lesson's exercise 3, 注意力的代價):
//
//   out = softmax(q kᵀ / sqrt(d_head), causal) v,   q, k, v = x W_q, x W_k, x W_v
//   x: (T, d_model), W: (d_model, d_head), q, k, v, out: (T, d_head); rows are positions.
//
//   naive      the lesson's code path: materialise the T×T scores, mask, softmax, times v.
//              Time and memory O(T²).
//   flash      tiles of kTile keys with an online softmax (running max m, running sum l, running
//              weighted sum of v, rescaled by exp(m_old - m_new) when the max grows). Never stores
//              T×T; tiles the causal mask empties (keys after the query) are never visited.
//              Time O(T²), memory O(T).
//   kv-cache   decoding T tokens one at a time: token t projects only x_t, appends its key and
//              value to a cache and attends over t + 1 cached keys. O(t) per token, O(T²) in all.
//   recompute  decoding without a cache: token t reruns the whole head (flash) on x[0..t] and
//              keeps the last row. O(t²) per token, O(T³) in all.
//
// These kernels are outside the NumPy-bit-exact core: they use FMA and SIMD (xsimd), compiled
// for several instruction sets and chosen at run time (dispatch.cpp). They agree with one another
// and with the lesson's step-by-step float32 head within float32 rounding (tests/unit/kernels/test_kernels.cpp
// states the tolerance).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/kernels/memory.hpp"

namespace attn::kernels {

inline constexpr std::size_t kHead = 8;     // d_head, fixed: q and the running sums stay in registers
inline constexpr std::size_t kTile = 128;   // keys per tile (a multiple of every SIMD width used)

enum class Kernel { naive, flash, kv_cache, recompute };
const char* kernel_name(Kernel k);            // "naive", "flash", "kv-cache", "recompute"
inline constexpr Kernel kKernels[] = {Kernel::naive, Kernel::flash, Kernel::kv_cache, Kernel::recompute};

// The one instruction set the kernels are compiled for, the architecture's baseline: "sse2" on
// x86-64, "neon" on aarch64, "wasm-simd128" in the WebAssembly build. One portable build: the
// lesson's point (how much a KV cache saves) is a ratio, the same whatever the vector width.
const char* simd_name();
std::string cpu_model();                      // /proc/cpuinfo's "model name", or "unknown"

// The head's inputs (not owned). x: (t, d_model); w_q, w_k, w_v: (d_model, kHead); row-major.
struct Head {
    const float* x = nullptr;
    std::size_t t = 0;
    std::size_t d_model = 0;
    const float* w_q = nullptr;
    const float* w_k = nullptr;
    const float* w_v = nullptr;
};

// Progress inside one run (attn cost's line on a terminal): `tick(n)` is told the n multiplications
// a thread has done since its last tick, once they reach `tick_every`; called from the worker
// threads too, so it must be thread-safe. Empty (the default): never called, no cost. Ticks cover
// the scores and the weighted sums (the projections are counted when the run returns). flash,
// kv-cache and recompute tick per query row; naive never does: its passes run over all of a
// thread's rows at once (the lesson's code, whose memory traffic `attn cost` measures), and cutting
// them into blocks would change that (its T is bounded by the T x T scores' memory anyway).
struct Ticks {
    std::function<void(std::uint64_t)> tick;
    std::uint64_t tick_every = 0;
    // Adds n to a thread's pending count and ticks once it is due.
    void add(std::uint64_t& pending, std::uint64_t n) const {
        if (!tick) return;
        pending += n;
        if (pending >= tick_every) {
            tick(pending);
            pending = 0;
        }
    }
};

struct Settings {
    unsigned threads = 1;   // naive and flash split the query rows; decoding is sequential
    bool causal = true;     // false: every query sees every key (naive and flash only)
    Ticks ticks;            // progress inside the run; empty: none
};

struct Result {
    Buffer out;                          // (t, kHead) row-major, counted by the Meter
    std::uint64_t multiplications = 0;   // scalar multiplications of the matrix products run:
                                         // projections, q·k scores, weights·v (as the chapter counts)
};

// Runs one kernel; every buffer it works in is counted by `meter` (meter.peak() afterwards).
Result run(Kernel k, const Head& head, Meter& meter, const Settings& settings = {});

Result naive(const Head& head, Meter& meter, const Settings& settings);
Result flash(const Head& head, Meter& meter, const Settings& settings);
Result kv_cache(const Head& head, Meter& meter, const Settings& settings);
Result recompute(const Head& head, Meter& meter, const Settings& settings);

// flash's attention alone, on given q, k, v ((t, kHead) row-major each; q not yet scaled), as
// the lesson's section 5 hands its q, k, v to PyTorch's fused kernel. No projections counted.
Result flash_attention(const float* q, const float* k, const float* v, std::size_t t, Meter& meter,
                       const Settings& settings);

}  // namespace attn::kernels
