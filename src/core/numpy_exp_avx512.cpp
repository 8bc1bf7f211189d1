// SVML's 8-lane float64 exp (numpy_exp.hpp), the same instructions in the same order with the
// same embedded rounding, so each lane equals svml_exp_scalar() and NumPy bit for bit. Built
// with -mavx512f (CMakeLists.txt) and run only where the CPU has AVX-512 SKX.
#if defined(__x86_64__) && defined(__AVX512F__)
#include <immintrin.h>

#include <cstdint>

#include "core/numpy_exp_kernels.hpp"
#include "core/numpy_exp_tables.hpp"

namespace attn::core::svml {
namespace {

__m512d splat(std::uint64_t bits) { return _mm512_castsi512_pd(_mm512_set1_epi64(static_cast<long long>(bits))); }

constexpr int kNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
constexpr int kTowardZero = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;

}  // namespace

void exp_avx512(const double* in, double* out, std::size_t n) {
    const __m512d log2e = splat(kLog2e), shifter = splat(kShifter);
    const __m512d ln2_hi = splat(kLn2Hi), ln2_lo = splat(kLn2Lo);
    const __m512i reduced_mask = _mm512_set1_epi64(static_cast<long long>(kReducedMask));
    const __m512i abs_mask = _mm512_set1_epi64(0x7fffffffffffffffLL);
    const __m512d c2 = splat(kC2), c3 = splat(kC3), c4 = splat(kC4), c5 = splat(kC5), c6 = splat(kC6);
    const __m512d rare_bound = splat(kRareBound);
    const __m512d underflow = splat(kHaUnderflow), overflow = splat(kHaOverflow);
    const __m512d inf = _mm512_set1_pd(__builtin_inf());
    const __m512d table_lo = _mm512_loadu_pd(reinterpret_cast<const double*>(kPow2Sixteenths));
    const __m512d table_hi = _mm512_loadu_pd(reinterpret_cast<const double*>(kPow2Sixteenths + 8));
    for (std::size_t i = 0; i < n; i += 8) {
        // The last block loads zeros into the lanes past n (NumPy's "load till zero").
        const __mmask8 lanes = n - i >= 8 ? __mmask8(0xff) : __mmask8((1u << (n - i)) - 1u);
        const __m512d x_in = _mm512_maskz_loadu_pd(lanes, in + i);
        // The lanes with |x| >= 707.70 (±inf too; not NaN) take the scalar path below. Their
        // vector result is thrown away, so they run through the vector steps as 0: a subnormal
        // or overflowing scalef there would cost a microcode assist per block and change nothing.
        const __m512d abs_x = _mm512_castsi512_pd(_mm512_and_epi64(_mm512_castpd_si512(x_in), abs_mask));
        const __mmask8 rare = _mm512_cmp_pd_mask(abs_x, rare_bound, _CMP_GE_OQ) & lanes;
        const __m512d x = _mm512_mask_blend_pd(rare, x_in, _mm512_setzero_pd());
        // t = x·log2(e) + shifter toward zero; N = t - shifter (x·log2(e) truncated to 1/16).
        const __m512d t = _mm512_fmadd_round_pd(x, log2e, shifter, kTowardZero);
        const __m512d big_n = _mm512_sub_round_pd(t, shifter, kNearest);
        // T = 2^(j/16): j and the half of the table are the low 4 bits of t.
        const __m512d table = _mm512_permutex2var_pd(table_lo, _mm512_castpd_si512(t), table_hi);
        // r = x - N·ln2_hi - N·ln2_lo, fused.
        __m512d reduced = _mm512_fnmadd_round_pd(big_n, ln2_hi, x, kNearest);
        reduced = _mm512_fnmadd_round_pd(ln2_lo, big_n, reduced, kNearest);
        const __m512d r = _mm512_castsi512_pd(_mm512_and_epi64(_mm512_castpd_si512(reduced), reduced_mask));
        // exp(r) - 1 = r + c2·r² + r³·((c3 + c4·r) + r²·(c5 + c6·r)).
        const __m512d r2 = _mm512_mul_round_pd(r, r, kNearest);
        const __m512d p56 = _mm512_fmadd_round_pd(c6, r, c5, kNearest);
        const __m512d p34 = _mm512_fmadd_round_pd(c4, r, c3, kNearest);
        const __m512d r3 = _mm512_mul_round_pd(r2, r, kNearest);
        const __m512d p12 = _mm512_fmadd_round_pd(r2, c2, r, kNearest);
        const __m512d p36 = _mm512_fmadd_round_pd(r2, p56, p34, kNearest);
        const __m512d p16 = _mm512_fmadd_round_pd(r3, p36, p12, kNearest);
        // T·exp(r) = T + T·(exp(r) - 1), times 2^floor(N) rounded once.
        const __m512d y = _mm512_fmadd_round_pd(table, p16, table, kNearest);
        __m512d result = _mm512_scalef_round_pd(y, big_n, kNearest);
        if (rare == 0) {
            _mm512_mask_storeu_pd(out + i, lanes, result);
            continue;
        }
        // The scalar path's two ends in the vector: below ln(2^-1075) (and -inf) it gives +0,
        // above ln(DBL_MAX) (and +inf) +inf; the lanes left (707.70 <= |x| within the range of
        // finite non-zero results) go to exp_rare one by one. Softmax columns of large scores
        // have many lanes below -745.13.
        const __mmask8 to_zero = _mm512_cmp_pd_mask(x_in, underflow, _CMP_LT_OQ);
        const __mmask8 to_inf = _mm512_cmp_pd_mask(x_in, overflow, _CMP_GT_OQ);
        result = _mm512_mask_blend_pd(to_zero, result, _mm512_setzero_pd());
        result = _mm512_mask_blend_pd(to_inf, result, inf);
        const __mmask8 scalar = rare & static_cast<__mmask8>(~(to_zero | to_inf));
        if (scalar == 0) {
            _mm512_mask_storeu_pd(out + i, lanes, result);
            continue;
        }
        alignas(64) double xs[8];
        alignas(64) double ys[8];
        _mm512_store_pd(xs, x_in);         // read before out (which may be in) is written
        _mm512_store_pd(ys, result);
        for (unsigned l = 0; l < 8; ++l) {
            if ((scalar >> l) & 1u) ys[l] = exp_rare(xs[l]);
        }
        _mm512_mask_storeu_pd(out + i, lanes, _mm512_load_pd(ys));
    }
}

}  // namespace attn::core::svml
#endif
