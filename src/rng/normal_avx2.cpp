// AVX2 version of the generator's fast path; see normal_simd.hpp. Compiled with -mavx2 for this
// file only (no FMA: nothing here may be fused); called only when the CPU and OS run AVX2.
// No AVX2 fill: AVX2 has no 64-bit multiply, and PCG64's 128-bit step from 32×32-bit products
// in 4-lane vectors (1.5-1.7 ns a draw here) is slower than four scalar lanes with the CPU's
// 64×64 -> 128-bit multiply (1.3 ns), so the AVX2 set leaves the fill to the scalar lanes.
#include <immintrin.h>

#include "rng/normal_simd.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng::simd {
namespace {

void candidates(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* y,
                std::uint8_t* accepted) {
    const __m256i byte = _mm256_set1_epi64x(0xff);
    const __m256i mant = _mm256_set1_epi64x(0x000fffffffffffffll);
    const __m256i one = _mm256_set1_epi64x(1);
    // rabs < 2^52 converts exactly as (2^52 + rabs) - 2^52: its bits or'ed into 2^52's.
    const __m256i two52_bits = _mm256_set1_epi64x(0x4330000000000000ll);
    const __m256d two52 = _mm256_set1_pd(4503599627370496.0);
    const __m256d vloc = _mm256_set1_pd(loc), vscale = _mm256_set1_pd(scale);
    // A gather merges into its destination register; GCC's unmasked form reuses a register the
    // last iteration wrote from a gather, so each gather would wait for the previous one (~20
    // cycles). With masks GCC cannot see as all ones, the merge source is this iteration's
    // index vector (its value is never kept: every lane is gathered).
    __m256i all_i = _mm256_set1_epi64x(-1);
    __m256d all_d = _mm256_castsi256_pd(all_i);
    asm("" : "+x"(all_i), "+x"(all_d));
    for (std::size_t k = 0; k < n; k += 4) {
        const __m256i r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(draws + k));
        const __m256i idx = _mm256_and_si256(r0, byte);
        const __m256i r = _mm256_srli_epi64(r0, 8);
        const __m256i rabs = _mm256_and_si256(_mm256_srli_epi64(r, 1), mant);
        const __m256i sign = _mm256_slli_epi64(_mm256_and_si256(r, one), 63);
        const __m256i ki = _mm256_mask_i64gather_epi64(idx, reinterpret_cast<const long long*>(ziggurat::ki), idx,
                                                       all_i, 8);
        const __m256d wi = _mm256_mask_i64gather_pd(_mm256_castsi256_pd(idx), ziggurat::wi, idx, all_d, 8);
        const int ok = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(ki, rabs)));
        // two groups of 4 make a byte: the low nibble first
        if (k % 8 == 0) {
            accepted[k / 8] = static_cast<std::uint8_t>(ok);
        } else {
            accepted[k / 8] = static_cast<std::uint8_t>(accepted[k / 8] | (ok << 4));
        }
        const __m256d value = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(rabs, two52_bits)), two52);
        const __m256d magnitude = _mm256_mul_pd(value, wi);
        const __m256d x = _mm256_castsi256_pd(_mm256_xor_si256(_mm256_castpd_si256(magnitude), sign));
        _mm256_storeu_pd(y + k, _mm256_add_pd(vloc, _mm256_mul_pd(vscale, x)));
    }
}

}  // namespace

const Kernels kAvx2{"avx2", nullptr, candidates};

}  // namespace attn::rng::simd
