// Invariants of the attention core (chapter sections 3-6), with tolerances stated.
// Run the suite under -DATTN_SANITIZE=ON too: softmax_cols once broadcast an inline keep_dims
// reducer, which xtensor 0.24.3 reads out of bounds (xtensor #2871); these checks would then
// fail under AddressSanitizer.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstring>

#include "core/attention.hpp"
#include "core/compare.hpp"
#include "core/draws.hpp"
#include "core/numpy_exp.hpp"
#include "core/numpy_ops.hpp"
#include "rng/numpy_generator.hpp"

using attn::core::HeadWeights;
using attn::core::Matrix;
using attn::core::numpy_exp;

namespace {

HeadWeights random_head(attn::rng::NumpyGenerator& rng, std::size_t d, std::size_t dq, bool biases) {
    HeadWeights w;
    w.omega_q = attn::core::normal_matrix(rng, 0, 0.5, dq, d);
    w.omega_k = attn::core::normal_matrix(rng, 0, 0.5, dq, d);
    w.omega_v = attn::core::normal_matrix(rng, 0, 0.5, d, d);
    if (biases) {
        w.beta_q = attn::core::normal_matrix(rng, 0, 0.5, dq, 1);
        w.beta_k = attn::core::normal_matrix(rng, 0, 0.5, dq, 1);
        w.beta_v = attn::core::normal_matrix(rng, 0, 0.5, d, 1);
    }
    return w;
}

}  // namespace

TEST_CASE("softmax_cols: every column sums to 1 and no entry is negative (many shapes)") {
    attn::rng::NumpyGenerator rng(std::uint64_t{3});
    for (std::size_t n = 1; n <= 40; n += 3) {
        for (std::size_t cols : {std::size_t{1}, n, n + 7}) {
            const Matrix s = attn::core::normal_matrix(rng, 0, 4.0, n, cols);
            const Matrix a = attn::core::softmax_cols(s);
            REQUIRE(a.shape(0) == n);
            REQUIRE(a.shape(1) == cols);
            for (double colsum : attn::core::sum_axis0(a)) CHECK(std::fabs(colsum - 1.0) < 1e-12);
            for (double x : a) CHECK(x >= 0.0);
        }
    }
}

TEST_CASE("softmax_cols is stable for huge scores and gives -inf entries weight 0") {
    Matrix s = {{1000.0, -std::numeric_limits<double>::infinity()}, {999.0, 5.0}};
    const Matrix a = attn::core::softmax_cols(s);
    CHECK(a(0, 0) == doctest::Approx(1.0 / (1.0 + std::exp(-1.0))));
    CHECK(a(0, 1) == 0.0);
    CHECK(a(1, 1) == 1.0);
}

TEST_CASE("self-attention without biases is permutation-equivariant (section 4)") {
    attn::rng::NumpyGenerator rng(std::uint64_t{11});
    const Matrix x = attn::core::normal_matrix(rng, 0, 1, 6, 7);
    const HeadWeights w = random_head(rng, 6, 4, /*biases=*/false);
    const std::vector<std::size_t> perm = {3, 0, 6, 1, 5, 2, 4};
    const Matrix y = attn::core::self_attention(w, x).output;
    const Matrix yp = attn::core::self_attention(w, attn::core::permute_columns(x, perm)).output;
    CHECK(attn::core::allclose(yp, attn::core::permute_columns(y, perm)));
    // ...and the positional encoding breaks it
    const Matrix e = attn::core::sinusoidal_encoding(6, 7, 100.0);
    const Matrix z = attn::core::self_attention(w, Matrix(x + e)).output;
    const Matrix zp =
        attn::core::self_attention(w, Matrix(attn::core::permute_columns(x, perm) + e)).output;
    CHECK_FALSE(attn::core::allclose(zp, attn::core::permute_columns(z, perm)));
}

TEST_CASE("causal mask: zeros below the diagonal, columns sum to 1, earlier outputs unmoved") {
    attn::rng::NumpyGenerator rng(std::uint64_t{5});
    const std::size_t n = 9;
    const Matrix x = attn::core::normal_matrix(rng, 0, 1, 6, n);
    const HeadWeights w = random_head(rng, 6, 4, /*biases=*/true);
    const auto mask = attn::core::causal_mask(n);
    const auto pass = attn::core::self_attention(w, x, &mask);
    for (std::size_t m = 0; m < n; ++m) {
        for (std::size_t col = 0; col < m; ++col) CHECK(pass.weights(m, col) == 0.0);
    }
    for (double colsum : attn::core::sum_axis0(pass.weights)) CHECK(std::fabs(colsum - 1.0) < 1e-12);
    Matrix shifted = x;
    for (std::size_t r = 0; r < 6; ++r) shifted(r, 5) += 7.0;
    const auto moved = attn::core::self_attention(w, shifted, &mask);
    for (std::size_t r = 0; r < 6; ++r) {
        for (std::size_t col = 0; col < 5; ++col) CHECK(moved.output(r, col) == pass.output(r, col));
    }
    CHECK(moved.output(0, 5) != pass.output(0, 5));
}

TEST_CASE("multi-head cost: counted products equal 4D²N + 2N²D for every H dividing D (section 5)") {
    attn::rng::NumpyGenerator rng(std::uint64_t{8});
    for (std::size_t d : {6u, 12u, 48u}) {
        for (std::size_t n : {1u, 4u, 10u, 96u}) {
            const Matrix x = attn::core::normal_matrix(rng, 0, 1, d, n);
            for (std::size_t h = 1; h <= d; ++h) {
                if (d % h) continue;
                std::vector<HeadWeights> heads(h);
                for (auto& w : heads) {
                    w.omega_q = attn::core::normal_matrix(rng, 0, 0.2, d / h, d);
                    w.omega_k = attn::core::normal_matrix(rng, 0, 0.2, d / h, d);
                    w.omega_v = attn::core::normal_matrix(rng, 0, 0.2, d / h, d);
                }
                const Matrix omega_c = attn::core::normal_matrix(rng, 0, 0.2, d, d);
                const auto pass = attn::core::multihead_attention(x, heads, omega_c);
                const auto D = static_cast<std::int64_t>(d), N = static_cast<std::int64_t>(n);
                CHECK(pass.parameters == 4 * D * D);
                CHECK(pass.multiplications == 4 * D * D * N + 2 * N * N * D);
                CHECK(pass.output.shape(0) == d);
                CHECK(pass.output.shape(1) == n);
                // The counts from the shapes alone (what a counts-only run prints) are the pass's.
                const auto counted = attn::core::multihead_counts(d, n, h);
                CHECK(counted.parameters == pass.parameters);
                CHECK(counted.multiplications == pass.multiplications);
                CHECK(counted.output.size() == 0);
            }
        }
    }
}

TEST_CASE("sinusoidal encoding: sin on even rows, cos on odd rows, position 0 is (0, 1, 0, 1, …)") {
    const Matrix e = attn::core::sinusoidal_encoding(4, 3, 100.0);
    for (std::size_t i = 0; i < 4; ++i) CHECK(e(i, 0) == (i % 2 == 0 ? 0.0 : 1.0));
    CHECK(e(0, 1) == doctest::Approx(std::sin(1.0)));
    CHECK(e(1, 1) == doctest::Approx(std::cos(1.0)));
    CHECK(e(2, 2) == doctest::Approx(std::sin(2.0 / 10.0)));   // 100^(2/4) = 10
    CHECK(e(3, 2) == doctest::Approx(std::cos(2.0 / 10.0)));
}

TEST_CASE("scores are KᵀQ / sqrt(Dq), Dq the rows of Ωq (not D), and A is their column softmax") {
    // Section 3's S(m, n) = k_m · q_n / sqrt(Dq), recomputed here from the pass's own K and Q by
    // a plain loop. Dq = 4 and D = 6 differ, so scaling by sqrt(D) would be off by a factor
    // sqrt(6/4) ≈ 1.22, far outside the 1e-12 allowed for the two summation orders.
    attn::rng::NumpyGenerator rng(std::uint64_t{17});
    for (bool biases : {false, true}) {
        const Matrix x = attn::core::normal_matrix(rng, 0, 1, 6, 5);
        const HeadWeights w = random_head(rng, 6, 4, biases);
        const auto pass = attn::core::self_attention(w, x);
        REQUIRE(pass.q.shape(0) == 4);
        for (std::size_t m = 0; m < 5; ++m) {
            for (std::size_t n = 0; n < 5; ++n) {
                double dot = 0;
                for (std::size_t r = 0; r < 4; ++r) dot += pass.k(r, m) * pass.q(r, n);
                const double expected = dot / 2.0;   // sqrt(4)
                CHECK(std::fabs(pass.scores(m, n) - expected) <= 1e-12 * (1 + std::fabs(expected)));
            }
        }
        for (std::size_t n = 0; n < 5; ++n) {   // A(:, n) = softmax(S(:, n)), down the column
            double top = -INFINITY, total = 0;
            for (std::size_t m = 0; m < 5; ++m) top = std::max(top, pass.scores(m, n));
            for (std::size_t m = 0; m < 5; ++m) total += std::exp(pass.scores(m, n) - top);
            for (std::size_t m = 0; m < 5; ++m) {
                CHECK(std::fabs(pass.weights(m, n) - std::exp(pass.scores(m, n) - top) / total) <= 1e-15);
            }
        }
    }
}

TEST_CASE("project: Ω X plus β added to every column (every position), and Ω X alone without β") {
    attn::rng::NumpyGenerator rng(std::uint64_t{23});
    const Matrix omega = attn::core::normal_matrix(rng, 0, 1, 3, 4);
    const Matrix x = attn::core::normal_matrix(rng, 0, 1, 4, 6);
    const Matrix beta = attn::core::normal_matrix(rng, 0, 1, 3, 1);
    const Matrix plain = attn::core::project(omega, x, std::nullopt);
    const Matrix biased = attn::core::project(omega, x, beta);
    REQUIRE(plain.shape(0) == 3);
    REQUIRE(plain.shape(1) == 6);
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 6; ++c) {
            double dot = 0;
            for (std::size_t i = 0; i < 4; ++i) dot += omega(r, i) * x(i, c);
            CHECK(std::fabs(plain(r, c) - dot) <= 1e-12 * (1 + std::fabs(dot)));
            CHECK(biased(r, c) == plain(r, c) + beta(r, 0));   // the same sum, then one addition
        }
    }
}

namespace {

// The chapter's NumPy lines, one array per step, with the core's NumPy-order primitives:
//   S = K.T @ Q / np.sqrt(Dq); S = np.where(mask, S, -inf);
//   E = np.exp(S - S.max(axis=0, keepdims=True)); A = E / E.sum(axis=0, keepdims=True); Y = V @ A
struct StepByStep {
    Matrix scores, weights, output;
};
StepByStep step_by_step(const HeadWeights& w, const Matrix& x, const std::vector<bool>* mask) {
    const Matrix q = attn::core::project(w.omega_q, x, w.beta_q);
    const Matrix k = attn::core::project(w.omega_k, x, w.beta_k);
    const Matrix v = attn::core::project(w.omega_v, x, w.beta_v);
    Matrix s = attn::core::matmul_transposed_left(k, q);
    const double root = std::sqrt(static_cast<double>(q.shape(0)));
    for (double& value : s) value = value / root;
    if (mask) s = attn::core::apply_mask(s, *mask);
    const std::size_t n = s.shape(0);
    std::vector<double> col_max(n, -std::numeric_limits<double>::infinity());
    for (std::size_t m = 0; m < n; ++m) {
        for (std::size_t c = 0; c < n; ++c) col_max[c] = std::max(col_max[c], s(m, c));
    }
    Matrix e = Matrix::from_shape({n, n});
    for (std::size_t m = 0; m < n; ++m) {
        for (std::size_t c = 0; c < n; ++c) e(m, c) = numpy_exp(s(m, c) - col_max[c]);
    }
    const std::vector<double> sums = attn::core::sum_axis0(e);
    Matrix a = Matrix::from_shape({n, n});
    for (std::size_t m = 0; m < n; ++m) {
        for (std::size_t c = 0; c < n; ++c) a(m, c) = e(m, c) / sums[c];
    }
    return {s, a, attn::core::matmul(v, a)};
}

std::size_t bit_differences(const Matrix& a, const Matrix& b) {
    REQUIRE(a.shape(0) == b.shape(0));
    REQUIRE(a.shape(1) == b.shape(1));
    std::size_t bad = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        bad += std::memcmp(a.data() + i, b.data() + i, sizeof(double)) != 0;
    }
    return bad;
}

}  // namespace

TEST_CASE("self_attention's fused passes give the step-by-step NumPy arrays bit for bit") {
    attn::rng::NumpyGenerator rng(std::uint64_t{21});
    for (std::size_t n : {1u, 2u, 5u, 33u, 130u}) {
        for (std::size_t dq : {1u, 4u}) {
            const Matrix x = attn::core::normal_matrix(rng, 0, 1, 6, n);
            const HeadWeights w = random_head(rng, 6, dq, /*biases=*/n % 2 == 1);
            const auto mask = attn::core::causal_mask(n);
            for (const std::vector<bool>* m : {static_cast<const std::vector<bool>*>(nullptr), &mask}) {
                INFO("n " << n << " dq " << dq << (m ? " masked" : ""));
                const StepByStep want = step_by_step(w, x, m);
                const auto all = attn::core::self_attention(w, x, m, attn::core::Keep::all);
                CHECK(bit_differences(all.scores, want.scores) == 0);
                CHECK(bit_differences(all.weights, want.weights) == 0);
                CHECK(bit_differences(all.output, want.output) == 0);
                const auto in_place =
                    attn::core::self_attention(w, x, m, attn::core::Keep::weights_and_output);
                CHECK(bit_differences(in_place.weights, want.weights) == 0);
                CHECK(bit_differences(in_place.output, want.output) == 0);
                const auto lean = attn::core::self_attention(w, x, m, attn::core::Keep::output);
                CHECK(bit_differences(lean.output, want.output) == 0);
                CHECK(lean.weights.size() == 0);
                // No output shows Y: S and A keep their bits, and V and Y are never made.
                const auto shown = attn::core::self_attention(w, x, m, attn::core::Keep::scores_and_weights);
                CHECK(bit_differences(shown.scores, want.scores) == 0);
                CHECK(bit_differences(shown.weights, want.weights) == 0);
                CHECK(shown.v.size() == 0);
                CHECK(shown.output.size() == 0);
                CHECK(shown.multiplications == all.multiplications - 6 * 6 * static_cast<std::int64_t>(n) -
                                                   6 * static_cast<std::int64_t>(n * n));
                if (m == nullptr) {   // the unmasked pass into buffers the caller owns
                    Matrix s = Matrix::from_shape({n, n}), a = Matrix::from_shape({n, n}),
                           y = Matrix::from_shape({6, n});
                    const auto into = attn::core::self_attention_into(w, x, {s.data(), a.data(), y.data()});
                    CHECK(bit_differences(s, want.scores) == 0);
                    CHECK(bit_differences(a, want.weights) == 0);
                    CHECK(bit_differences(y, want.output) == 0);
                    CHECK(into.multiplications == all.multiplications);
                    CHECK(into.scores.size() + into.weights.size() + into.output.size() == 0);
                    Matrix s2 = Matrix::from_shape({n, n}), a2 = Matrix::from_shape({n, n});
                    const auto no_y = attn::core::self_attention_into(w, x, {s2.data(), a2.data(), nullptr});
                    CHECK(bit_differences(s2, want.scores) == 0);
                    CHECK(bit_differences(a2, want.weights) == 0);
                    CHECK(no_y.v.size() == 0);
                    CHECK(no_y.multiplications == shown.multiplications);
                }
            }
        }
    }
}

TEST_CASE("multihead_attention's reused buffers give Ωc @ vstack(heads) bit for bit") {
    attn::rng::NumpyGenerator rng(std::uint64_t{22});
    const std::size_t d = 12;
    for (std::size_t n : {1u, 7u, 64u}) {
        const Matrix x = attn::core::normal_matrix(rng, 0, 1, d, n);
        for (std::size_t h : {1u, 3u, 12u}) {
            std::vector<HeadWeights> heads(h);
            for (auto& w : heads) w = random_head(rng, d, d / h, /*biases=*/false);
            for (auto& w : heads) w.omega_v = attn::core::normal_matrix(rng, 0, 0.2, d / h, d);
            const Matrix omega_c = attn::core::normal_matrix(rng, 0, 0.2, d, d);
            Matrix stacked = Matrix::from_shape({d, n});
            std::size_t row = 0;
            for (const auto& w : heads) {
                const Matrix y = step_by_step(w, x, nullptr).output;
                std::copy(y.begin(), y.end(), stacked.data() + row * n);
                row += y.shape(0);
            }
            INFO("n " << n << " h " << h);
            CHECK(bit_differences(attn::core::multihead_attention(x, heads, omega_c).output,
                                  attn::core::matmul(omega_c, stacked)) == 0);
            // Each head's A, kept with Y or alone (no V, V A nor mix), is the step-by-step A.
            using attn::core::HeadsKeep;
            const auto with_y = attn::core::multihead_attention(x, heads, omega_c, HeadsKeep::output_and_weights);
            const auto alone = attn::core::multihead_attention(x, heads, omega_c, HeadsKeep::weights);
            CHECK(bit_differences(with_y.output, attn::core::matmul(omega_c, stacked)) == 0);
            CHECK(alone.output.size() == 0);
            REQUIRE(with_y.head_weights.size() == h);
            REQUIRE(alone.head_weights.size() == h);
            for (std::size_t i = 0; i < h; ++i) {
                const Matrix a = step_by_step(heads[i], x, nullptr).weights;
                CHECK(bit_differences(with_y.head_weights[i], a) == 0);
                CHECK(bit_differences(alone.head_weights[i], a) == 0);
            }
        }
    }
}
