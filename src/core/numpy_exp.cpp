// np.exp as NumPy 1.24 computes it (numpy_exp.hpp): the scalar definition of SVML's exp, its
// scalar path for large |x|, and the run-time choice between SVML and libm's exp.
#include "core/numpy_exp.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/float_bits.hpp"
#include "core/numpy_exp_kernels.hpp"
#include "core/numpy_exp_tables.hpp"
#include "cpu/cpu_features.hpp"

namespace attn::core {
namespace {

double d(std::uint64_t bits) { return double_from_bits(bits); }
std::uint64_t u(double x) { return bits_of(x); }

// fma(a, b, c) rounded toward zero, from the round-to-nearest fma: c - t is exact here (c and
// t are within a factor 2 of each other), so the sign of fma(a, b, c - t) says whether t went
// past the exact value; then the next double toward zero is the truncated one.
double fma_toward_zero(double a, double b, double c) {
    const double t = std::fma(a, b, c);
    const double past = std::fma(a, b, c - t);
    if ((t > 0 && past < 0) || (t < 0 && past > 0)) return std::nextafter(t, 0.0);
    return t;
}

// 2^e as a double from its biased exponent field (0..2047), as the scalar path builds it.
double from_exponent_field(std::uint32_t field) {
    return d(static_cast<std::uint64_t>(field & 2047u) << 52);
}

}  // namespace

namespace svml {

double exp_rare(double x) {
    const std::uint64_t bits = u(x);
    const std::uint32_t field = static_cast<std::uint32_t>(bits >> 52) & 2047u;
    if (field == 2047u) {                          // inf (NaN does not come here)
        if ((bits >> 63) != 0 && (bits & 0x000fffffffffffffULL) == 0) return 0.0;   // exp(-inf)
        return x * x;
    }
    if (field <= 970u) return d(0x3ff0000000000000ULL) + x;   // |x| < 2^-52: 1 + x
    if (x > d(kHaOverflow)) {                      // exp(x) > DBL_MAX: inf, raising overflow
        volatile double huge = d(kHaHuge);
        return huge * huge;
    }
    if (x < d(kHaUnderflow)) {                     // rounds to +0, raising underflow
        volatile double tiny = d(kHaTiny);
        return tiny * tiny;
    }
    // n = rint(x·64/ln2) by the 1.5·2^52 shifter; x = (n/64)·ln2 + r with ln2/64 in two parts.
    const double shifted = x * d(kHa64OverLn2) + d(kHaShifter);
    const auto n = static_cast<std::uint32_t>(u(shifted));   // low 32 bits: n mod 2^32
    const double kd = shifted - d(kHaShifter);
    double r = x - kd * d(kHaLn2Hi64);
    r = r - kd * d(kHaLn2Lo64);
    // exp(r) - 1 = r + r²(1/2 + r(p3 + r(p4 + r(p5 + r·p6)))), Horner, no fused steps.
    double p = d(kHaP6) * r;
    p = p + d(kHaP5);
    p = p * r;
    p = p + d(kHaP4);
    p = p * r;
    p = p + d(kHaP3);
    p = p * r;
    p = p + d(kHaP2);
    p = p * r;
    p = p * r;
    p = p + r;
    // 2^(j/64) = lead + trail, j = n mod 64: T·exp(r) = lead + (p + trail)·lead.
    const std::uint32_t j = n & 63u;
    const double lead = d(kPow2SixtyFourths[2 * j]);
    p = p + d(kPow2SixtyFourths[2 * j + 1]);
    p = p * lead;
    const std::uint32_t m = n >> 6;                // floor(n/64) mod 2^26: 2^m by its exponent
    if (x < d(kHaSubnormal)) {
        // The result is subnormal: scale by 2^(m+60) first, round once at the end by 2^-60,
        // splitting the sum in two halves (1.5·2^32 splitter) when rounding could go wrong.
        const double scale = from_exponent_field(m + 1083u);
        const double low = p * scale;
        const double high = scale * lead;
        const double sum = high + low;
        if (((m + 1083u) & 2047u) <= 50u) return sum * d(kHaTwoM60);
        double err = high - sum;
        err = err + low;
        const double big = sum * d(kHaSplitter);
        const double top = (sum + big) - big;
        double rest = sum - top;
        rest = err + rest;
        return top * d(kHaTwoM60) + rest * d(kHaTwoM60);
    }
    const std::uint32_t field_m = (m + 1023u) & 2047u;
    p = p + lead;
    if (field_m > 2046u) return p * from_exponent_field(field_m - 1u) * 2.0;
    return p * from_exponent_field(field_m);
}

}  // namespace svml

double svml_exp_scalar(double x) {
    using namespace svml;
    if (x != x) return x + x;   // NaN: the lane returns its input, quieted
    if (!(std::fabs(x) < d(kRareBound))) return exp_rare(x);
    // N = x·log2(e) truncated to a multiple of 1/16: the shifter puts 1/16 at the last mantissa
    // bit, rounding toward zero truncates; the low 4 bits of t are j = 16·N mod 16.
    const double t = fma_toward_zero(x, d(kLog2e), d(kShifter));
    const double big_n = t - d(kShifter);
    const std::uint64_t j = u(t) & 15u;
    // r = x - N·ln2 in two fused steps, then the sign-and-range mask of the vector code.
    double reduced = std::fma(-big_n, d(kLn2Hi), x);
    reduced = std::fma(-big_n, d(kLn2Lo), reduced);
    const double r = d(u(reduced) & kReducedMask);
    // exp(r) - 1 = r + c2·r² + r³·((c3 + c4·r) + r²·(c5 + c6·r)), fused, in the vector order.
    const double r2 = r * r;
    const double p56 = std::fma(d(kC6), r, d(kC5));
    const double p34 = std::fma(d(kC4), r, d(kC3));
    const double r3 = r2 * r;
    const double p12 = std::fma(r2, d(kC2), r);
    const double p36 = std::fma(r2, p56, p34);
    const double p16 = std::fma(r3, p36, p12);
    // 2^(j/16)·exp(r) = T + T·(exp(r) - 1), then ·2^floor(N) (vscalefpd: one rounding).
    const double table = d(kPow2Sixteenths[j]);
    const double y = std::fma(table, p16, table);
    return std::ldexp(y, static_cast<int>(std::floor(big_n)));
}

namespace {

// NPY_DISABLE_CPU_FEATURES naming AVX512_SKX turns NumPy's SKX loops off (its AVX512F-only
// loop, a different exp, then runs; attn does not replicate that one and uses libm's).
bool numpy_disables_skx() {
    const char* list = std::getenv("NPY_DISABLE_CPU_FEATURES");
    if (list == nullptr) return false;
    const std::string s(list);
    std::size_t at = 0;
    while (at < s.size()) {
        const std::size_t end = s.find_first_of(" ,\t", at);
        const std::string word = s.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (word == "AVX512_SKX") return true;
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return false;
}

bool choose_svml() {
    // NumPy 1.24 takes its AVX512_SKX loops (and with them SVML's exp) when the CPU has AVX-512
    // F, CD, BW, DQ and VL and the OS saves the ZMM state: cpu::Level::avx512 exactly.
    return cpu::level() >= cpu::Level::avx512 && !numpy_disables_skx();
}

bool use_svml() {
    static const bool chosen = choose_svml();
    return chosen;
}

}  // namespace

const char* numpy_exp_kernel() { return use_svml() ? "svml" : "glibc"; }

void numpy_exp(const double* in, double* out, std::size_t n) {
#if defined(__x86_64__)
    if (use_svml()) {
        svml::exp_avx512(in, out, n);
        return;
    }
#endif
    for (std::size_t i = 0; i < n; ++i) out[i] = std::exp(in[i]);
}

}  // namespace attn::core
