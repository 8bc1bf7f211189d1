// numpy_exp (src/core/numpy_exp.hpp): SVML's exp as NumPy 1.24 runs it on an AVX-512 SKX CPU,
// in its scalar definition and its 8-lane loop. The vectors are np.exp on such a CPU (chosen
// where glibc's exp gives another last bit, one per path of the algorithm); the NumPy comparison
// over millions of arguments is tests/reference/numpy_exp_test.py and bench/exp_vs_numpy.sh.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "core/float_bits.hpp"
#include "core/numpy_exp.hpp"

using attn::core::numpy_exp;
using attn::core::numpy_exp_kernel;
using attn::core::svml_exp_scalar;

namespace {

std::uint64_t bits(double x) { return attn::core::bits_of(x); }
double from_bits(std::uint64_t b) { return attn::core::double_from_bits(b); }

struct Vector {
    double x, numpy;
};

// np.exp(x) on AVX-512 SKX (NumPy 1.24.2, SVML); each differs from glibc's exp(x) in the last bit.
const Vector kVectors[] = {
    {-0x1.0000000000000p+0, 0x1.78b56362cef39p-2},     // 8-lane path
    {-0x1.d99999999999ap+1, 0x1.9511fc6871043p-6},     // 8-lane path
    {0x1.61e9e33156126p+9, 0x1.21c9e6de651b2p+1021},   // scalar path, x >= 707.70
    {0x1.62b37e224e079p+9, 0x1.5dfce5f29b430p+1023},   // scalar path, near DBL_MAX
    {-0x1.6218f7ee895e3p+9, 0x1.391a2ab074db4p-1022},  // scalar path, normal result
    {-0x1.626c6d34c4e61p+9, 0x0.a31fda7f997e0p-1022},  // subnormal result, split rounding
    {-0x1.624b46e88924fp+9, 0x0.d35876b720798p-1022},  // subnormal result, split rounding
    {-0x1.6611fbb2f759ep+9, 0x0.001c659aa987ap-1022},  // subnormal result, one rounding
    {-0x1.6641602ab45e6p+9, 0x0.00139c179d2c6p-1022},  // subnormal result, one rounding
};

double glibc_exp(double x) { return std::exp(x); }

}  // namespace

TEST_CASE("numpy_exp: the scalar SVML definition gives NumPy's bits where glibc's exp differs") {
    for (const Vector& v : kVectors) {
        CAPTURE(v.x);
        CHECK(bits(svml_exp_scalar(v.x)) == bits(v.numpy));
#if defined(__x86_64__)   // glibc 2.36's x86-64 exp: the vector tells the two apart
        CHECK(bits(glibc_exp(v.x)) != bits(v.numpy));
#endif
    }
}

TEST_CASE("numpy_exp: special arguments of the SVML definition") {
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(bits(svml_exp_scalar(0.0)) == bits(1.0));
    CHECK(bits(svml_exp_scalar(-0.0)) == bits(1.0));
    CHECK(bits(svml_exp_scalar(-inf)) == bits(0.0));         // +0, not -0: masked scores
    CHECK(bits(svml_exp_scalar(inf)) == bits(inf));
    CHECK(bits(svml_exp_scalar(710.0)) == bits(inf));        // above ln(DBL_MAX)
    CHECK(bits(svml_exp_scalar(-746.0)) == bits(0.0));       // below the smallest subnormal's log
    CHECK(bits(svml_exp_scalar(0x1p-60)) == bits(1.0));
    CHECK(bits(svml_exp_scalar(-0x1p-60)) == bits(1.0));
    CHECK(bits(svml_exp_scalar(-745.1)) == 1u);              // the smallest subnormal
    CHECK(svml_exp_scalar(709.78) == doctest::Approx(std::exp(709.78)).epsilon(1e-15));
    // NaN: the input's payload and sign, quieted (as the vector lane returns it).
    for (std::uint64_t nan : {0x7ff8000000000000ULL, 0xfff8000000000123ULL, 0x7ff0000000000001ULL}) {
        CHECK(bits(svml_exp_scalar(from_bits(nan))) == (nan | 0x0008000000000000ULL));
    }
}

TEST_CASE("numpy_exp: the SVML definition is within an ulp of glibc's exp and increasing") {
    double previous = 0.0;
    for (double x = -745.0; x < 709.0; x += 0.0123) {
        const double y = svml_exp_scalar(x), g = std::exp(x);
        CAPTURE(x);
        CHECK(y >= previous);
        if (g >= std::numeric_limits<double>::min()) CHECK(std::fabs(y - g) <= std::ldexp(std::fabs(g), -51));
        else CHECK(std::fabs(y - g) <= std::numeric_limits<double>::denorm_min());
        previous = y;
    }
}

TEST_CASE("numpy_exp: the chosen kernel gives the scalar definition's bits (svml) or glibc's") {
    const bool svml = std::string(numpy_exp_kernel()) == "svml";
    std::vector<double> x;
    std::uint64_t s = 0x2545f4914f6cdd1dULL;
    for (int i = 0; i < 20000; ++i) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        const int kind = i % 4;
        x.push_back(kind == 0 ? from_bits(s)
                    : kind == 1 ? -760.0 + 1480.0 * static_cast<double>(s >> 11) * 0x1p-53
                    : kind == 2 ? -50.0 * static_cast<double>(s >> 11) * 0x1p-53
                                : (static_cast<double>(s >> 11) * 0x1p-53 - 0.5) * 1e-3);
    }
    for (const Vector& v : kVectors) x.push_back(v.x);
    // every length 0..17 (the last block's masked lanes), out of place and in place
    for (std::size_t n = 0; n <= 17; ++n) {
        for (std::size_t start : {std::size_t{0}, std::size_t{3}, x.size() - n}) {
            std::vector<double> out(n, 7.0), in_place(x.begin() + start, x.begin() + start + n);
            numpy_exp(x.data() + start, out.data(), n);
            numpy_exp(in_place.data(), in_place.data(), n);
            for (std::size_t i = 0; i < n; ++i) {
                const double want = svml ? svml_exp_scalar(x[start + i]) : glibc_exp(x[start + i]);
                CAPTURE(x[start + i]);
                CHECK(bits(out[i]) == bits(want));
                CHECK(bits(in_place[i]) == bits(want));
            }
        }
    }
    std::vector<double> all(x.size());
    numpy_exp(x.data(), all.data(), x.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        differ += bits(all[i]) != bits(svml ? svml_exp_scalar(x[i]) : glibc_exp(x[i]));
    CHECK(differ == 0);
    for (const Vector& v : kVectors) {
        if (svml) CHECK(bits(numpy_exp(v.x)) == bits(v.numpy));
    }
}

TEST_CASE("numpy_exp: ATTN_EXP, when set, is the kernel that runs") {
    const char* asked = std::getenv("ATTN_EXP");   // unit_numpy_exp_glibc sets it to glibc
    if (asked != nullptr && *asked != '\0') CHECK(std::string(numpy_exp_kernel()) == asked);
    const std::string kernel = numpy_exp_kernel();
    CHECK((kernel == "svml" || kernel == "glibc"));
}
