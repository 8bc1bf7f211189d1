// src/core/float32_ops: the lesson's float32 arithmetic, checked by invariants and by small cases
// worked out by hand (torch's own results for the lesson are in test_torch_lesson.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/float32_ops.hpp"
#include "rng/torch_generator.hpp"

using attn::core::Tensor32;
namespace ops = attn::core;

TEST_CASE("matmul and matmul_transposed agree with a double-precision loop") {
    attn::rng::TorchGenerator g(3);
    const Tensor32 a(7, 16, g.randn(7, 16)), b(16, 5, g.randn(16, 5)), bt(5, 16, g.randn(5, 16));
    const Tensor32 ab = ops::matmul(a, b), abt = ops::matmul_transposed(a, bt);
    REQUIRE(ab.rows == 7);
    REQUIRE(ab.cols == 5);
    REQUIRE(abt.rows == 7);
    REQUIRE(abt.cols == 5);
    for (std::size_t i = 0; i < 7; ++i) {
        for (std::size_t j = 0; j < 5; ++j) {
            double exact = 0, exact_t = 0;
            for (std::size_t c = 0; c < 16; ++c) {
                exact += double(a(i, c)) * b(c, j);
                exact_t += double(a(i, c)) * bt(j, c);
            }
            CHECK(std::fabs(ab(i, j) - exact) < 1e-5);
            CHECK(std::fabs(abt(i, j) - exact_t) < 1e-5);
        }
    }
    // (5, 2) @ (2,): the lesson's k @ q for 光
    const Tensor32 k(3, 2, {0.1f, 0.9f, 0.0f, 1.0f, 1.0f, 0.0f});
    const std::vector<float> s = ops::matvec(k, {1.0f, 0.0f});
    CHECK(s == std::vector<float>{0.1f, 0.0f, 1.0f});
    CHECK_THROWS_AS(ops::matmul(a, a), std::invalid_argument);
}

TEST_CASE("causal softmax: rows sum to 1, masked entries are exactly 0, row 0 is one-hot") {
    attn::rng::TorchGenerator g(9);
    const std::size_t n = 6;
    const Tensor32 s(n, n, g.randn(n, n));
    const auto keep = ops::tril_mask(n);
    const Tensor32 w = ops::softmax_rows(
        ops::masked_fill_not(s, keep, -std::numeric_limits<float>::infinity()));
    for (std::size_t r = 0; r < n; ++r) {
        double sum = 0;
        for (std::size_t c = 0; c < n; ++c) {
            sum += w(r, c);
            if (c > r) CHECK(w(r, c) == 0.0f);
            else CHECK(w(r, c) > 0.0f);
        }
        CHECK(std::fabs(sum - 1.0) < 1e-6);
    }
    CHECK(w(0, 0) == 1.0f);
    // softmax is unchanged by a constant shift (the max is subtracted for stability only)
    const std::vector<float> v = {1000.0f, 1001.0f, 999.0f};
    const std::vector<float> p = ops::softmax(v), q = ops::softmax({0.0f, 1.0f, -1.0f});
    for (std::size_t i = 0; i < 3; ++i) CHECK(std::fabs(p[i] - q[i]) < 1e-7);
}

TEST_CASE("reductions: row sums, normalised rows, means, std with n - 1") {
    const Tensor32 ones_tril = ops::masked_fill_not(Tensor32(4, 4, 1.0f), ops::tril_mask(4), 0.0f);
    CHECK(ops::row_sums(ones_tril) == std::vector<float>{1, 2, 3, 4});
    const Tensor32 avg = ops::normalise_rows(ones_tril);
    CHECK(avg(2, 0) == 1.0f / 3.0f);
    CHECK(avg(2, 3) == 0.0f);
    CHECK(ops::row_max(avg) == std::vector<float>{1.0f, 0.5f, 1.0f / 3.0f, 0.25f});
    const Tensor32 x(3, 2, {1, 10, 2, 20, 6, 60});
    CHECK(ops::mean_of_first_rows(x, 2) == std::vector<float>{1.5f, 15.0f});
    CHECK(ops::mean_of_first_rows(x, 3) == std::vector<float>{3.0f, 30.0f});
    CHECK(ops::mean({1, 2, 3, 4}) == 2.5f);
    // std of 1..4 with the n-1 divisor: sqrt(5/3)
    CHECK(ops::std_unbiased({1, 2, 3, 4}) == static_cast<float>(std::sqrt(5.0 / 3.0)));
    CHECK_THROWS_AS(ops::std_unbiased({1}), std::invalid_argument);
}

TEST_CASE("allclose and max_abs_diff as torch") {
    CHECK(ops::allclose({1.0f, 2.0f}, {1.0f, 2.0f}));
    CHECK(ops::allclose({1.0f}, {1.0f + 5e-6f}));           // within rtol 1e-5
    CHECK_FALSE(ops::allclose({1.0f}, {1.0f + 5e-5f}));
    CHECK(ops::allclose({0.0f}, {5e-9f}));                  // atol 1e-8
    CHECK_FALSE(ops::allclose({0.0f}, {5e-8f}));
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(ops::allclose({inf}, {inf}));                     // equal infinities are close
    CHECK_FALSE(ops::allclose({NAN}, {NAN}));
    const Tensor32 a(1, 3, {1.0f, 2.0f, 3.0f}), b(1, 3, {1.0f, 2.5f, 2.0f});
    CHECK(ops::max_abs_diff(a, b) == 1.0f);
    CHECK(std::isnan(ops::max_abs_diff(a, Tensor32(1, 3, {NAN, 2.0f, 3.0f}))));
}

TEST_CASE("a Python scalar operand is rounded to float32 first") {
    const Tensor32 s(1, 1, {1.0f});
    CHECK(ops::divide(s, std::sqrt(8.0))(0, 0) == 1.0f / static_cast<float>(std::sqrt(8.0)));
    CHECK(ops::scale({0.1f}, 5.0)[0] == 0.1f * 5.0f);
}
