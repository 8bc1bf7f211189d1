#pragma once
// The generator's two bulk loops in AVX-512 (normal_avx512.cpp, compiled with its own flags),
// used where cpu::level() is avx512; never -march=native. Both give the scalar code's bits
// (docs/spec/numpy-random.md). Only AVX-512 pays: measured side by side on `scaling --r 200000`
// (docs/performance.md), it takes 0.74 of the scalar path's CPU time, while the AVX2 candidates
// took 1.05 and an IFMA fill 0.75 (no better than plain AVX-512), so those two were removed.
//
// - fill: PCG64's 128-bit LCG in 64-bit lanes. Lane i of kLanes holds the state that makes
//   draw i of the block; one step of a lane is the kLanes-step jump s -> s*mult + plus (the same
//   affine map for every lane), so the block comes out in the stream's order. AVX-512: the
//   128-bit product from 32×32 -> 64-bit multiplies (the low 64 bits of the two cross terms by
//   vpmullq), the carry of the addition by an unsigned compare.
// - candidates: the ziggurat's fast path on every draw of a block, 8 at a time: layer,
//   sign and the 52-bit magnitude, the tables gathered, the exact int->double conversion, the
//   sign bit flipped, then loc + scale * x (multiply, then add: never fused), and the test
//   rabs < ki[layer] as a bit. The caller copies the runs of accepted candidates and finishes
//   each draw the fast path refuses (~1 %) in scalar code (tail, wedge and restarts take
//   further draws of the stream; FastPathBlock in draw_stream.hpp).
#include <cstddef>
#include <cstdint>

namespace attn::rng::simd {

inline constexpr std::size_t kLanes = 32;   // PCG64 lanes of every SIMD fill (4 or 8 vectors)

struct LaneStates {
    alignas(64) std::uint64_t hi[kLanes];
    alignas(64) std::uint64_t lo[kLanes];
};

struct Kernels {
    const char* name;   // "avx512" or "scalar"
    // out[r*kLanes + i] = output of lane i after r steps, for r < steps; lanes advance `steps`.
    // nullptr: the generator's four scalar lanes fill the block.
    void (*fill)(LaneStates& lanes, std::uint64_t mult_hi, std::uint64_t mult_lo,
                 std::uint64_t plus_hi, std::uint64_t plus_lo, std::uint64_t* out, std::size_t steps);
    // For every k < n (n a multiple of 8): y[k] = loc + scale * x_k, the fast path's candidate
    // of draws[k], and bit k % 8 of accepted[k / 8] set when the fast path accepts it.
    void (*candidates)(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* y,
                       std::uint8_t* accepted);
};

// The kernels the loops use: AVX-512's where cpu::level() (src/cpu, ATTN_CPU) is avx512, else the
// scalar ones. Chosen once.
const Kernels* kernels();
// The kernels of that name ("scalar" or "avx512") when this CPU runs them, else nullptr: the
// tests run every set the CPU has. "scalar" has no SIMD fill or fast path: its pointers are null
// and the generator's scalar loops run.
const Kernels* kernels_named(const char* name);

#if defined(__x86_64__)
extern const Kernels kAvx512;
#endif

}  // namespace attn::rng::simd
