// AVX-512 IFMA version of the generator's fill (normal_simd.hpp); the fast path is the AVX-512
// one. Compiled with -mavx512f -mavx512dq -mavx512ifma for this file only; called only when the
// CPU and OS run AVX-512 IFMA (vpmadd52luq / vpmadd52huq).
//
// Why: PCG64's step s -> s*mult + plus mod 2^128 (NumPy's XSL-RR generator, here the lanes'
// jump-ahead map) from 32×32-bit products costs 4 vpmuludq, 2 vpmullq (3 µops each) and ~20
// adds, shifts and masks per 8 lanes. In 52-bit limbs (128 = 52 + 52 + 24 bits) the product mod
// 2^128 is the 9 partial products of limbs that land below bit 128, each one IFMA µop that also
// adds, plus 7 operations to propagate the carries: about 16 instead of 31.
#include <immintrin.h>

#include "rng/normal_simd.hpp"

namespace attn::rng::simd {
namespace {

struct Limbs {   // bits 0-51, 52-103, 104-127 of a 128-bit value, one 64-bit lane each
    __m512i l0, l1, l2;
};

const std::uint64_t kMask52 = (std::uint64_t{1} << 52) - 1;
const std::uint64_t kMask24 = (std::uint64_t{1} << 24) - 1;

inline Limbs limbs_of(__m512i hi, __m512i lo) {
    const __m512i m52 = _mm512_set1_epi64(static_cast<long long>(kMask52));
    return {_mm512_and_si512(lo, m52),
            _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 52), _mm512_slli_epi64(hi, 12)), m52),
            _mm512_srli_epi64(hi, 40)};
}

inline Limbs limbs_of(std::uint64_t hi, std::uint64_t lo) {
    return limbs_of(_mm512_set1_epi64(static_cast<long long>(hi)), _mm512_set1_epi64(static_cast<long long>(lo)));
}

// (a * m + p) mod 2^128. A limb product a_i*m_j (below 2^104) adds its low 52 bits at limb
// i+j and its high 52 bits at limb i+j+1; limb 2 keeps only its low 24 bits at the end, so a
// product's high half at limb 3 or more is never needed. Every sum stays below 2^56: no
// overflow before the carries are propagated.
inline Limbs step(const Limbs& a, const Limbs& m, const Limbs& p) {
    const __m512i m52 = _mm512_set1_epi64(static_cast<long long>(kMask52));
    const __m512i m24 = _mm512_set1_epi64(static_cast<long long>(kMask24));
    const __m512i c0 = _mm512_madd52lo_epu64(p.l0, a.l0, m.l0);
    __m512i c1 = _mm512_madd52hi_epu64(p.l1, a.l0, m.l0);
    c1 = _mm512_madd52lo_epu64(c1, a.l0, m.l1);
    c1 = _mm512_madd52lo_epu64(c1, a.l1, m.l0);
    // limb 2 in two chains, so that five dependent multiply-adds do not set the latency
    __m512i c2 = _mm512_madd52hi_epu64(p.l2, a.l0, m.l1);
    __m512i c2b = _mm512_madd52hi_epu64(_mm512_setzero_si512(), a.l1, m.l0);
    c2 = _mm512_madd52lo_epu64(c2, a.l0, m.l2);
    c2b = _mm512_madd52lo_epu64(c2b, a.l1, m.l1);
    c2 = _mm512_madd52lo_epu64(c2, a.l2, m.l0);
    c1 = _mm512_add_epi64(c1, _mm512_srli_epi64(c0, 52));
    c2 = _mm512_add_epi64(_mm512_add_epi64(c2, c2b), _mm512_srli_epi64(c1, 52));
    return {_mm512_and_si512(c0, m52), _mm512_and_si512(c1, m52), _mm512_and_si512(c2, m24)};
}

// XSL-RR: (hi ^ lo) rotated right by the state's top 6 bits (bits 18-23 of limb 2). With
// hi = l1 >> 12 | l2 << 40 and lo = l0 | l1 << 52 (disjoint bits, so | is ^), hi ^ lo is one
// three-way XOR (vpternlogq 0x96) and one more XOR.
inline __m512i output(const Limbs& s) {
    const __m512i x = _mm512_ternarylogic_epi64(s.l0, _mm512_slli_epi64(s.l1, 52), _mm512_srli_epi64(s.l1, 12), 0x96);
    return _mm512_rorv_epi64(_mm512_xor_si512(x, _mm512_slli_epi64(s.l2, 40)), _mm512_srli_epi64(s.l2, 18));
}

void fill(LaneStates& lanes, std::uint64_t mult_hi, std::uint64_t mult_lo, std::uint64_t plus_hi,
          std::uint64_t plus_lo, std::uint64_t* out, std::size_t steps) {
    const Limbs m = limbs_of(mult_hi, mult_lo), p = limbs_of(plus_hi, plus_lo);
    // four vectors of 8 lanes: independent chains, so the multiply-adds' latency is hidden
    Limbs s[4];
    for (int v = 0; v < 4; ++v) {
        s[v] = limbs_of(_mm512_load_si512(lanes.hi + 8 * v), _mm512_load_si512(lanes.lo + 8 * v));
    }
    for (std::size_t r = 0; r < steps; ++r) {
        for (int v = 0; v < 4; ++v) {
            _mm512_storeu_si512(out + r * kLanes + 8 * v, output(s[v]));
            s[v] = step(s[v], m, p);
        }
    }
    for (int v = 0; v < 4; ++v) {
        const __m512i hi = _mm512_or_si512(_mm512_srli_epi64(s[v].l1, 12), _mm512_slli_epi64(s[v].l2, 40));
        const __m512i lo = _mm512_or_si512(s[v].l0, _mm512_slli_epi64(s[v].l1, 52));
        _mm512_store_si512(lanes.hi + 8 * v, hi);
        _mm512_store_si512(lanes.lo + 8 * v, lo);
    }
}

}  // namespace

const Kernels kAvx512Ifma{"avx512ifma", fill, avx512_candidates};

}  // namespace attn::rng::simd
