// np.sum's pairwise summation at its block boundaries (issue 22, item 12), a second test beside
// the NumPy fixture of test_core_numpy_ops.cpp: attn's numpy_sum against a model written here
// from NumPy's description (numpy/core/src/umath/loops_utils.h.src): a run of fewer than 8
// values is added left to right; a run of 8..128 values goes into 8 lanes (lane j holds
// a[j], a[j+8], … up to the last whole group of 8), the lanes are combined as
// ((l0+l1)+(l2+l3))+((l4+l5)+(l6+l7)) and the leftover values are added after; a longer run is
// split at half its length rounded down to a multiple of 8, and the two halves' sums added.
// The data are chosen so that the order shows: every n from 0 to 1100 is checked, and a model
// with the block limit one off (127 or 129) must differ from NumPy's at n = 128 or 129.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/numpy_ops.hpp"

namespace {

struct Model {
    std::size_t block = 128;   // the largest run summed by lanes

    double sum(const std::vector<double>& a, std::size_t lo, std::size_t hi, std::size_t stride) const {
        const std::size_t n = hi - lo;
        auto at = [&](std::size_t k) { return a[(lo + k) * stride]; };
        if (n < 8) {
            double s = 0.0;
            for (std::size_t k = 0; k < n; ++k) s += at(k);
            return s;
        }
        if (n <= block) {
            const std::size_t whole = n / 8 * 8;
            double lane[8];
            for (std::size_t j = 0; j < 8; ++j) {
                lane[j] = at(j);
                for (std::size_t k = j + 8; k < whole; k += 8) lane[j] += at(k);
            }
            double s = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
            for (std::size_t k = whole; k < n; ++k) s += at(k);
            return s;
        }
        const std::size_t half = n / 2 / 8 * 8;
        return sum(a, lo, lo + half, stride) + sum(a, lo + half, hi, stride);
    }
};

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// Values whose sum depends on the order of additions: random signs and magnitudes 1e-8..1e8.
std::vector<double> order_sensitive(std::size_t count, std::mt19937_64& gen) {
    std::uniform_real_distribution<double> mantissa(1.0, 10.0), exponent(-8.0, 8.0);
    std::vector<double> v(count);
    for (double& x : v) x = (gen() & 1 ? -1.0 : 1.0) * mantissa(gen) * std::pow(10.0, std::floor(exponent(gen)));
    return v;
}

}  // namespace

TEST_CASE("np.sum: pairwise blocks of 128 with 8 lanes, every n up to 1100, strides 1 and 3") {
    std::mt19937_64 gen(22);
    const Model numpy;
    int order_mattered = 0;
    for (std::size_t stride : {1u, 3u}) {
        for (std::size_t n = 0; n <= 1100; ++n) {
            const std::vector<double> a = order_sensitive(n * stride, gen);
            CAPTURE(n);
            CAPTURE(stride);
            const double want = 0.0 + numpy.sum(a, 0, n, stride);
            CHECK(same_bits(attn::core::numpy_sum(a.data(), n, stride), want));
            double left_to_right = 0.0;
            for (std::size_t k = 0; k < n; ++k) left_to_right += a[k * stride];
            order_mattered += !same_bits(left_to_right, want);
        }
    }
    CHECK(order_mattered > 1500);   // the data can tell orders apart
}

TEST_CASE("np.sum: a block limit one off is told apart at the boundary (n = 8, 9, 127, 128, 129, 256, 257)") {
    std::mt19937_64 gen(7);
    const Model numpy, small{127}, large{129};
    for (std::size_t n : {8u, 9u, 127u, 128u, 129u, 136u, 255u, 256u, 257u, 264u}) {
        CAPTURE(n);
        // Over many draws, the limit-127 model must differ from NumPy's for some n = 128 data,
        // and the limit-129 one for n = 129: else this data could not catch such a bug.
        int differ_small = 0, differ_large = 0;
        for (int draw = 0; draw < 40; ++draw) {
            const std::vector<double> a = order_sensitive(n, gen);
            const double want = 0.0 + numpy.sum(a, 0, n, 1);
            CHECK(same_bits(attn::core::numpy_sum(a.data(), n), want));
            differ_small += !same_bits(0.0 + small.sum(a, 0, n, 1), want);
            differ_large += !same_bits(0.0 + large.sum(a, 0, n, 1), want);
        }
        if (n == 128) CHECK(differ_small > 0);
        if (n == 129) CHECK(differ_large > 0);
        if (n < 127) CHECK(differ_small + differ_large == 0);
    }
}

TEST_CASE("np.sum starts from +0.0: a sum of negative zeros is +0.0, as NumPy's add.reduce") {
    const std::vector<double> zeros(9, -0.0);
    CHECK(same_bits(attn::core::numpy_sum(zeros.data(), zeros.size()), 0.0));
    CHECK(same_bits(attn::core::numpy_sum(zeros.data(), 3), 0.0));
}
