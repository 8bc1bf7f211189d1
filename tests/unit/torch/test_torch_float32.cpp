// src/core/torch32 (namespace attn::core::torch32): the lesson's float32 arithmetic, checked by invariants, by small cases
// worked out by hand, and bit for bit against torch's own results for every operation on
// torch's own inputs (tests/data/torch/float32_ops.txt, tools/gen_torch_fixtures.py).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/torch32/ops.hpp"
#include "rng/torch_generator.hpp"
#include "../core/test_core_openblas.hpp"

using attn::core::torch32::Tensor32;
namespace ops = attn::core::torch32;

TEST_CASE("matmul and matmul_transposed: shapes, and within float32 rounding of a double loop") {
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
            // 16 float32 products and sums: each rounding moves at most 2^-24 of the running
            // magnitude, so 16 * 2^-24 * Σ|a||b| bounds the error (torch's bits are pinned below).
            double mag = 0, mag_t = 0;
            for (std::size_t c = 0; c < 16; ++c) {
                mag += std::fabs(double(a(i, c)) * b(c, j));
                mag_t += std::fabs(double(a(i, c)) * bt(j, c));
            }
            CHECK(std::fabs(ab(i, j) - exact) <= 16 * 0x1p-24 * mag);
            CHECK(std::fabs(abt(i, j) - exact_t) <= 16 * 0x1p-24 * mag_t);
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
    // softmax is unchanged by a constant shift (the max is subtracted first, and 1000 + x is
    // exact here, so both rows reach exp with the same arguments: equal bits)
    const std::vector<float> v = {1000.0f, 1001.0f, 999.0f};
    const std::vector<float> p = ops::softmax(v), q = ops::softmax({0.0f, 1.0f, -1.0f});
    CHECK(p == q);
}

TEST_CASE("reductions: row sums, normalised rows, means, std with n - 1") {
    // Summed in float32 and in torch's order, neither in double nor left to right: a 1 added to
    // 2^24 alone is lost (2^24 + 1 rounds to 2^24). torch's path for fewer than 8 values puts
    // x0..x3 in 4 accumulators, adds x4 to the first, then adds accumulators 1, 2, 3 to it:
    //   4 values: ((2^24 + 1) + 1) + -2^24 = 0           (exact sum, as double gives: 2)
    //   5 values: (((2^24 + -2^24) + 1) + 1) + 1 = 3      (left to right in float32: 0)
    const float big = 16777216.0f;
    CHECK(ops::row_sums(Tensor32(1, 4, {big, 1.0f, 1.0f, -big})) == std::vector<float>{0.0f});
    CHECK(ops::row_sums(Tensor32(1, 5, {big, 1.0f, 1.0f, 1.0f, -big})) == std::vector<float>{3.0f});
    CHECK(ops::mean({big, 1.0f, 1.0f, 1.0f, -big}) == 3.0f / 5.0f);
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

TEST_CASE("a Python scalar operand is rounded to float32 first, then one float32 operation") {
    // x = float32(9/7): x / float32(sqrt 8) and float32(x / sqrt 8 in double) differ in the last
    // bit, and so do x * float32(0.1) and float32(x * 0.1), so these pin torch's order.
    const float x = 0x1.492492p+0f;
    const Tensor32 s(1, 1, {x});
    CHECK(ops::divide(s, std::sqrt(8.0))(0, 0) == 0x1.d17a72p-2f);
    CHECK(static_cast<float>(double(x) / std::sqrt(8.0)) == 0x1.d17a70p-2f);   // the other rounding
    CHECK(ops::scale({x}, 0.1)[0] == 0x1.075076p-3f);
    CHECK(static_cast<float>(double(x) * 0.1) == 0x1.075074p-3f);
}

// ---- torch's own results, op by op (tests/data/torch/float32_ops.txt) ------------------------
// Each case holds torch's inputs and torch's output, so every operation is checked alone, on
// torch's inputs, bit for bit; the generator's last-bit differences (test_torch_generator.cpp)
// cannot hide or excuse anything here.

namespace {

struct OpCase {
    std::string op, arg;
    Tensor32 a, b;
    std::vector<float> out;
};

std::vector<float> read_hexes(std::istringstream& words, std::size_t n) {
    std::vector<float> v(n);
    std::string h;
    for (float& x : v) {
        words >> h;
        x = static_cast<float>(std::strtod(h.c_str(), nullptr));   // exact: float32 values
    }
    return v;
}

std::vector<OpCase> read_op_cases() {
    const std::string path = std::string(ATTN_SOURCE_DIR) + "/tests/data/torch/float32_ops.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<OpCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        OpCase c;
        std::size_t rows = 0, cols = 0;
        std::string tag;
        words >> c.op >> c.arg >> rows >> cols >> tag;
        if (tag != "in") throw std::runtime_error("bad float32_ops line: " + line.substr(0, 40));
        c.a = Tensor32(rows, cols, read_hexes(words, rows * cols));
        words >> tag;
        if (tag == "in2") {
            words >> rows >> cols;
            c.b = Tensor32(rows, cols, read_hexes(words, rows * cols));
            words >> tag;
        }
        if (tag != "out") throw std::runtime_error("bad float32_ops line: " + line.substr(0, 40));
        std::string h;
        while (words >> h) c.out.push_back(static_cast<float>(std::strtod(h.c_str(), nullptr)));
        cases.push_back(std::move(c));
    }
    return cases;
}

std::uint32_t bits(float x) {
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// Entries whose bit patterns differ (a size mismatch counts every missing entry).
int bit_mismatches(const std::vector<float>& got, const std::vector<float>& want) {
    int bad = static_cast<int>(got.size() > want.size() ? got.size() - want.size() : want.size() - got.size());
    for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) bad += bits(got[i]) != bits(want[i]);
    return bad;
}

// The cases of one op, each run through `run`; returns how many cases were checked.
template <class F>
int check_op(const std::string& op, F run) {
    int n = 0;
    for (const OpCase& c : read_op_cases()) {
        if (c.op != op) continue;
        CAPTURE(op);
        CAPTURE(c.arg);
        CAPTURE(c.a.rows);
        CAPTURE(c.a.cols);
        CHECK(bit_mismatches(run(c), c.out) == 0);
        ++n;
    }
    return n;
}

}  // namespace

TEST_CASE("products are torch's bits on the fixture's OpenBLAS kernel: mm, mm with b.T, mv") {
    // Both call the same OpenBLAS sgemm/sgemv with the same operands and flags, so they agree
    // bit for bit on any one machine; the fixture holds one kernel's bits (see
    // test_core_openblas.hpp). On another kernel each entry is checked within the rounding of
    // two k-term float32 dot products: 2 k 2^-24 Σ_c |a_ic b_cj|.
    const std::string path = std::string(ATTN_SOURCE_DIR) + "/tests/data/torch/float32_ops.txt";
    const std::string kernel = attn_test::fixture_openblas_core(path);
    REQUIRE(!kernel.empty());
    if (kernel == attn_test::running_openblas_core()) {
        CHECK(check_op("mm", [](const OpCase& c) { return ops::matmul(c.a, c.b).data; }) == 5);
        CHECK(check_op("mm_t", [](const OpCase& c) { return ops::matmul_transposed(c.a, c.b).data; }) == 4);
        CHECK(check_op("mv", [](const OpCase& c) { return ops::matvec(c.a, c.b.data); }) == 3);
        return;
    }
    MESSAGE("OpenBLAS kernel " << attn_test::running_openblas_core() << ", fixture made on "
            << kernel << ": products checked within rounding, not bit for bit");
    int cases = 0;
    for (const OpCase& c : read_op_cases()) {
        if (c.op != "mm" && c.op != "mm_t" && c.op != "mv") continue;
        CAPTURE(c.op);
        ++cases;
        const bool t = c.op == "mm_t";
        const Tensor32 got = c.op == "mm" ? ops::matmul(c.a, c.b)
                             : t          ? ops::matmul_transposed(c.a, c.b)
                                          : Tensor32(c.a.rows, 1, ops::matvec(c.a, c.b.data));
        REQUIRE(got.data.size() == c.out.size());
        const std::size_t k = c.a.cols;
        for (std::size_t i = 0; i < got.rows; ++i) {
            for (std::size_t j = 0; j < got.cols; ++j) {
                double mag = 0;
                for (std::size_t l = 0; l < k; ++l) {
                    mag += std::fabs(double(c.a(i, l)) * (t ? c.b(j, l) : c.b(l, j)));
                }
                CHECK(std::fabs(double(got(i, j)) - c.out[i * got.cols + j]) <= 2.0 * double(k) * 0x1p-24 * mag);
            }
        }
    }
    CHECK(cases == 12);
}

TEST_CASE("a Python scalar operand: torch rounds it to float32, then divides or multiplies in float32") {
    // 64 values per scalar: a quotient computed in double and then rounded differs in a few
    // percent of them, so the float32 division is what these bits pin.
    CHECK(check_op("div", [](const OpCase& c) { return ops::divide(c.a, std::stod(c.arg)).data; }) == 6);
    CHECK(check_op("mul", [](const OpCase& c) { return ops::scale(c.a.data, std::stod(c.arg)); }) == 3);
    CHECK(check_op("mul_t", [](const OpCase& c) { return ops::multiply(c.a, c.b).data; }) == 1);
}

TEST_CASE("softmax is torch's bits (SLEEF's exp, its summation order), masked rows too") {
    CHECK(check_op("softmax", [](const OpCase& c) { return ops::softmax_rows(c.a).data; }) == 14);
}

TEST_CASE("row sums, means and std are torch's bits (its float32 cascade sum)") {
    CHECK(check_op("sum", [](const OpCase& c) { return ops::row_sums(c.a); }) == 21);
    CHECK(check_op("max", [](const OpCase& c) { return ops::row_max(c.a); }) == 4);
    CHECK(check_op("mean0", [](const OpCase& c) {
              return ops::mean_of_first_rows(c.a, std::stoul(c.arg));
          }) == 3);
    CHECK(check_op("mean", [](const OpCase& c) { return std::vector<float>{ops::mean(c.a.data)}; }) == 7);
    CHECK(check_op("std", [](const OpCase& c) { return std::vector<float>{ops::std_unbiased(c.a.data)}; }) == 5);
}
