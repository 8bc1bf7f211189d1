// AVX2 versions of the generator's bulk loops; see normal_simd.hpp. Compiled with -mavx2 for
// this file only (no FMA: nothing here may be fused); called only when the CPU and OS run AVX2.
#include <immintrin.h>

#include "rng/normal_simd.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng::simd {
namespace {

// The low 64 bits of a * b per lane (AVX2 has no 64-bit multiply): a0*b0 + (a0*b1 + a1*b0) << 32.
inline __m256i mullo64(__m256i a, __m256i b, __m256i b_hi32) {
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(a, b_hi32), _mm256_mul_epu32(_mm256_srli_epi64(a, 32), b));
    return _mm256_add_epi64(_mm256_mul_epu32(a, b), _mm256_slli_epi64(cross, 32));
}

// Unsigned a < b per 64-bit lane, as a signed compare with the top bits flipped.
inline __m256i less_unsigned(__m256i a, __m256i b) {
    const __m256i top = _mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ull));
    return _mm256_cmpgt_epi64(_mm256_xor_si256(b, top), _mm256_xor_si256(a, top));
}

struct Mult {
    __m256i hi, hi_hi32, lo, lo_hi32, p_hi, p_lo;
};

// The 128-bit affine step (hi, lo) -> (hi, lo) * mult + plus mod 2^128 of 4 lanes.
inline void step(__m256i& hi, __m256i& lo, const Mult& m) {
    const __m256i mask32 = _mm256_set1_epi64x(0xffffffffll);
    const __m256i lo_hi32 = _mm256_srli_epi64(lo, 32);
    const __m256i p00 = _mm256_mul_epu32(lo, m.lo);
    const __m256i p01 = _mm256_mul_epu32(lo, m.lo_hi32);
    const __m256i p10 = _mm256_mul_epu32(lo_hi32, m.lo);
    const __m256i p11 = _mm256_mul_epu32(lo_hi32, m.lo_hi32);
    const __m256i mid = _mm256_add_epi64(_mm256_add_epi64(_mm256_srli_epi64(p00, 32), _mm256_and_si256(p01, mask32)),
                                         _mm256_and_si256(p10, mask32));
    const __m256i prod_lo = _mm256_or_si256(_mm256_slli_epi64(mid, 32), _mm256_and_si256(p00, mask32));
    __m256i prod_hi = _mm256_add_epi64(_mm256_add_epi64(p11, _mm256_srli_epi64(p01, 32)),
                                       _mm256_add_epi64(_mm256_srli_epi64(p10, 32), _mm256_srli_epi64(mid, 32)));
    prod_hi = _mm256_add_epi64(prod_hi, _mm256_add_epi64(mullo64(hi, m.lo, m.lo_hi32), mullo64(lo, m.hi, m.hi_hi32)));
    const __m256i sum_lo = _mm256_add_epi64(prod_lo, m.p_lo);
    const __m256i carry = less_unsigned(sum_lo, m.p_lo);          // all ones where it carried
    hi = _mm256_sub_epi64(_mm256_add_epi64(prod_hi, m.p_hi), carry);
    lo = sum_lo;
}

// XSL-RR: (hi ^ lo) rotated right by the state's top 6 bits (a shift by 64 gives 0 in AVX2, so
// a rotation by 0 needs no special case).
inline __m256i output(__m256i hi, __m256i lo) {
    const __m256i x = _mm256_xor_si256(hi, lo);
    const __m256i rot = _mm256_srli_epi64(hi, 58);
    return _mm256_or_si256(_mm256_srlv_epi64(x, rot), _mm256_sllv_epi64(x, _mm256_sub_epi64(_mm256_set1_epi64x(64), rot)));
}

void fill(LaneStates& lanes, std::uint64_t mult_hi, std::uint64_t mult_lo, std::uint64_t plus_hi,
          std::uint64_t plus_lo, std::uint64_t* out, std::size_t steps) {
    const Mult m{_mm256_set1_epi64x(static_cast<long long>(mult_hi)),
                 _mm256_set1_epi64x(static_cast<long long>(mult_hi >> 32)),
                 _mm256_set1_epi64x(static_cast<long long>(mult_lo)),
                 _mm256_set1_epi64x(static_cast<long long>(mult_lo >> 32)),
                 _mm256_set1_epi64x(static_cast<long long>(plus_hi)),
                 _mm256_set1_epi64x(static_cast<long long>(plus_lo))};
    __m256i h[8], l[8];
    for (int v = 0; v < 8; ++v) {
        h[v] = _mm256_load_si256(reinterpret_cast<const __m256i*>(lanes.hi + 4 * v));
        l[v] = _mm256_load_si256(reinterpret_cast<const __m256i*>(lanes.lo + 4 * v));
    }
    for (std::size_t r = 0; r < steps; ++r) {
        for (int v = 0; v < 8; ++v) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r * kLanes + 4 * v), output(h[v], l[v]));
            step(h[v], l[v], m);
        }
    }
    for (int v = 0; v < 8; ++v) {
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes.hi + 4 * v), h[v]);
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes.lo + 4 * v), l[v]);
    }
}

std::size_t fast_normals(const std::uint64_t* draws, std::size_t n, double loc, double scale, double* out) {
    const __m256i byte = _mm256_set1_epi64x(0xff);
    const __m256i mant = _mm256_set1_epi64x(0x000fffffffffffffll);
    const __m256i one = _mm256_set1_epi64x(1);
    // rabs < 2^52 converts exactly as (2^52 + rabs) - 2^52: its bits or'ed into 2^52's.
    const __m256i two52_bits = _mm256_set1_epi64x(0x4330000000000000ll);
    const __m256d two52 = _mm256_set1_pd(4503599627370496.0);
    const __m256d vloc = _mm256_set1_pd(loc), vscale = _mm256_set1_pd(scale);
    std::size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        const __m256i r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(draws + k));
        const __m256i idx = _mm256_and_si256(r0, byte);
        const __m256i r = _mm256_srli_epi64(r0, 8);
        const __m256i rabs = _mm256_and_si256(_mm256_srli_epi64(r, 1), mant);
        const __m256i sign = _mm256_slli_epi64(_mm256_and_si256(r, one), 63);
        const __m256i ki = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(ziggurat::ki), idx, 8);
        const __m256d wi = _mm256_i64gather_pd(ziggurat::wi, idx, 8);
        const int accepted = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(ki, rabs)));
        const __m256d value = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(rabs, two52_bits)), two52);
        const __m256d magnitude = _mm256_mul_pd(value, wi);
        const __m256d x = _mm256_castsi256_pd(_mm256_xor_si256(_mm256_castpd_si256(magnitude), sign));
        const __m256d y = _mm256_add_pd(vloc, _mm256_mul_pd(vscale, x));
        if (accepted == 0xf) {
            _mm256_storeu_pd(out + k, y);
            continue;
        }
        alignas(32) double lanes[4];
        _mm256_store_pd(lanes, y);
        const unsigned first = static_cast<unsigned>(__builtin_ctz(~static_cast<unsigned>(accepted)));
        for (unsigned j = 0; j < first; ++j) out[k + j] = lanes[j];
        return k + first;
    }
    return k;   // the last n mod 4 draws are left to the scalar loop
}

}  // namespace

const Kernels kAvx2{"avx2", fill, fast_normals};

}  // namespace attn::rng::simd
