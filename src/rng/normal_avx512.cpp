// AVX-512 (F + DQ) versions of the generator's bulk loops; see normal_simd.hpp. Compiled with
// -mavx512f -mavx512dq for this file only; called only where cpu::level() is avx512.
#include <immintrin.h>

#include "rng/normal_simd.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng::simd {
namespace {

// The 128-bit affine step (hi, lo) -> (hi, lo) * mult + plus mod 2^128 of 8 lanes.
inline void step(__m512i& hi, __m512i& lo, __m512i m_hi, __m512i m_lo, __m512i m_lo_hi32,
                 __m512i p_hi, __m512i p_lo) {
    const __m512i mask32 = _mm512_set1_epi64(0xffffffffll);
    // lo * m_lo, all 128 bits, from four 32×32 -> 64 products
    const __m512i lo_hi32 = _mm512_srli_epi64(lo, 32);
    const __m512i p00 = _mm512_mul_epu32(lo, m_lo);
    const __m512i p01 = _mm512_mul_epu32(lo, m_lo_hi32);
    const __m512i p10 = _mm512_mul_epu32(lo_hi32, m_lo);
    const __m512i p11 = _mm512_mul_epu32(lo_hi32, m_lo_hi32);
    const __m512i mid = _mm512_add_epi64(_mm512_add_epi64(_mm512_srli_epi64(p00, 32), _mm512_and_si512(p01, mask32)),
                                         _mm512_and_si512(p10, mask32));
    const __m512i prod_lo = _mm512_or_si512(_mm512_slli_epi64(mid, 32), _mm512_and_si512(p00, mask32));
    __m512i prod_hi = _mm512_add_epi64(_mm512_add_epi64(p11, _mm512_srli_epi64(p01, 32)),
                                       _mm512_add_epi64(_mm512_srli_epi64(p10, 32), _mm512_srli_epi64(mid, 32)));
    // the cross terms' low 64 bits: hi*m_lo + lo*m_hi
    prod_hi = _mm512_add_epi64(prod_hi, _mm512_add_epi64(_mm512_mullo_epi64(hi, m_lo), _mm512_mullo_epi64(lo, m_hi)));
    // + plus, with the carry out of the low half
    const __m512i sum_lo = _mm512_add_epi64(prod_lo, p_lo);
    const __mmask8 carry = _mm512_cmplt_epu64_mask(sum_lo, p_lo);
    const __m512i sum_hi = _mm512_add_epi64(prod_hi, p_hi);
    hi = _mm512_mask_add_epi64(sum_hi, carry, sum_hi, _mm512_set1_epi64(1));
    lo = sum_lo;
}

// XSL-RR: (hi ^ lo) rotated right by the state's top 6 bits.
inline __m512i output(__m512i hi, __m512i lo) {
    return _mm512_rorv_epi64(_mm512_xor_si512(hi, lo), _mm512_srli_epi64(hi, 58));
}

void fill(LaneStates& lanes, std::uint64_t mult_hi, std::uint64_t mult_lo, std::uint64_t plus_hi,
          std::uint64_t plus_lo, std::uint64_t* out, std::size_t steps) {
    const __m512i m_hi = _mm512_set1_epi64(static_cast<long long>(mult_hi));
    const __m512i m_lo = _mm512_set1_epi64(static_cast<long long>(mult_lo));
    const __m512i m_lo_hi32 = _mm512_set1_epi64(static_cast<long long>(mult_lo >> 32));
    const __m512i p_hi = _mm512_set1_epi64(static_cast<long long>(plus_hi));
    const __m512i p_lo = _mm512_set1_epi64(static_cast<long long>(plus_lo));
    // four vectors of 8 lanes: independent chains, so the multiplies' latency is hidden
    __m512i h[4], l[4];
    for (int v = 0; v < 4; ++v) {
        h[v] = _mm512_load_si512(lanes.hi + 8 * v);
        l[v] = _mm512_load_si512(lanes.lo + 8 * v);
    }
    for (std::size_t r = 0; r < steps; ++r) {
        for (int v = 0; v < 4; ++v) {
            _mm512_storeu_si512(out + r * kLanes + 8 * v, output(h[v], l[v]));
            step(h[v], l[v], m_hi, m_lo, m_lo_hi32, p_hi, p_lo);
        }
    }
    for (int v = 0; v < 4; ++v) {
        _mm512_store_si512(lanes.hi + 8 * v, h[v]);
        _mm512_store_si512(lanes.lo + 8 * v, l[v]);
    }
}

void avx512_candidates(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* y,
                       std::uint8_t* accepted) {
    const __m512i byte = _mm512_set1_epi64(0xff);
    const __m512i mant = _mm512_set1_epi64(0x000fffffffffffffll);
    const __m512i one = _mm512_set1_epi64(1);
    const __m512d vloc = _mm512_set1_pd(loc), vscale = _mm512_set1_pd(scale);
    // A gather merges into its destination register; GCC's unmasked form reuses the last
    // iteration's, so each gather would wait for the previous one (~20 cycles). A mask GCC
    // cannot see as all ones makes it copy the zero source into a fresh register each time.
    __mmask8 all = 0xff;
    asm("" : "+k"(all));
    for (std::size_t k = 0; k < n; k += 8) {
        const __m512i r0 = _mm512_loadu_si512(draws + k);
        const __m512i idx = _mm512_and_si512(r0, byte);
        const __m512i r = _mm512_srli_epi64(r0, 8);
        const __m512i rabs = _mm512_and_si512(_mm512_srli_epi64(r, 1), mant);
        const __m512i sign = _mm512_slli_epi64(_mm512_and_si512(r, one), 63);
        const __m512i ki = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), all, idx,
                                                       reinterpret_cast<const long long*>(ziggurat::ki), 8);
        const __m512d wi = _mm512_mask_i64gather_pd(_mm512_setzero_pd(), all, idx, ziggurat::wi, 8);
        accepted[k / 8] = _mm512_cmplt_epi64_mask(rabs, ki);   // both below 2^53
        const __m512d magnitude = _mm512_mul_pd(_mm512_cvtepi64_pd(rabs), wi);   // exact conversion
        const __m512d x = _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(magnitude), sign));
        _mm512_storeu_pd(y + k, _mm512_add_pd(vloc, _mm512_mul_pd(vscale, x)));
    }
}

}  // namespace

const Kernels kAvx512{"avx512", fill, avx512_candidates};

}  // namespace attn::rng::simd
