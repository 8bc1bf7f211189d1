#pragma once
// The generator's two bulk loops in SIMD, compiled once per instruction set (normal_avx2.cpp,
// normal_avx512.cpp, normal_avx512ifma.cpp with their own flags) and chosen at run time from
// CPUID, like `attn cost`'s kernels; never -march=native. Both give the scalar code's bits
// (docs/spec/numpy-random.md):
//
// - fill: PCG64's 128-bit LCG in 64-bit lanes. Lane i of kLanes holds the state that makes
//   draw i of the block; one step of a lane is the kLanes-step jump s -> s*mult + plus (the same
//   affine map for every lane), so the block comes out in the stream's order. AVX-512: the
//   128-bit product from 32×32 -> 64-bit multiplies (the low 64 bits of the two cross terms by
//   vpmullq), the carry of the addition by an unsigned compare; AVX-512 IFMA: in 52-bit limbs.
//   AVX2 has none (the scalar lanes are faster than its 32-bit products).
// - candidates: the ziggurat's fast path on every draw of a block, 8 (4) at a time: layer,
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
    const char* name;   // "avx512ifma", "avx512", "avx2", "scalar"
    // out[r*kLanes + i] = output of lane i after r steps, for r < steps; lanes advance `steps`.
    // nullptr: the generator's four scalar lanes fill the block.
    void (*fill)(LaneStates& lanes, std::uint64_t mult_hi, std::uint64_t mult_lo,
                 std::uint64_t plus_hi, std::uint64_t plus_lo, std::uint64_t* out, std::size_t steps);
    // For every k < n (n a multiple of 8): y[k] = loc + scale * x_k, the fast path's candidate
    // of draws[k], and bit k % 8 of accepted[k / 8] set when the fast path accepts it.
    void (*candidates)(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* y,
                       std::uint8_t* accepted);
};

// The best kernels this CPU and OS run, chosen once (avx512ifma, avx512, avx2, scalar: the
// first the CPU runs); ATTN_RNG_SIMD=scalar|avx2|avx512|avx512ifma chooses
// one (bench/normals_vs_numpy.sh compares each instruction set); one this CPU lacks is refused
// (std::runtime_error naming the variable).
const Kernels* kernels();
// The kernels of that name when this CPU runs them, else nullptr. "scalar" has no SIMD fill or
// fast path: its pointers are null and the generator's scalar loops run.
const Kernels* kernels_named(const char* name);

#if defined(__x86_64__)
extern const Kernels kAvx2;
extern const Kernels kAvx512;
extern const Kernels kAvx512Ifma;   // the IFMA fill (52-bit limbs) and the AVX-512 fast path
// The AVX-512 fast path, shared by both AVX-512 sets (normal_avx512.cpp).
void avx512_candidates(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* y,
                       std::uint8_t* accepted);
#endif

}  // namespace attn::rng::simd
