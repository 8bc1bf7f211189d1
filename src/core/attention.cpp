// Self-attention (chapter sections 3, 4 and 6), in NumPy's order of operations and BLAS calls.
// The softmax runs as plain loops over the (N, N) buffer (one pass for scale, mask and column
// max, one for exp and the column sums, one for the division), with every reduction stored in
// a named vector before it is used: no xtensor expression, so no lazy keep_dims reducer
// broadcast inline (xtensor issue #2871; regression test in tests/unit/core/test_core_attention.cpp).
#include "core/attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/fresh_pages.hpp"
#include "core/numpy_ops.hpp"
#include "core/softmax.hpp"

namespace attn::core {

namespace {

// Scalar multiplications of a (m, n) @ (n, p) product.
std::int64_t product_cost(std::size_t m, std::size_t n, std::size_t p) {
    return static_cast<std::int64_t>(m) * static_cast<std::int64_t>(n) * static_cast<std::int64_t>(p);
}

}  // namespace

std::int64_t head_multiplications(std::size_t d, std::size_t n, std::size_t dq, std::size_t dv) {
    return 2 * product_cost(dq, d, n) + product_cost(dv, d, n) + product_cost(n, dq, n) +
           product_cost(dv, n, n);
}

namespace {

// Ω X + β 1ᵀ into a (rows, N) buffer, reused when it has that shape already.
void project_into(const Matrix& omega, const Matrix& x, const std::optional<Matrix>& beta,
                  Matrix& out) {
    const std::size_t rows = omega.shape(0), n = x.shape(1);
    if (out.shape(0) != rows || out.shape(1) != n) out = fresh_matrix(rows, n);
    matmul_into(omega, x, out.data());                          // (rows, N)
    if (beta) {
        const Matrix& b = *beta;                                // (rows, 1), broadcast along N
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t c = 0; c < n; ++c) out(r, c) += b(r, 0);
        }
    }
}

}  // namespace

Matrix project(const Matrix& omega, const Matrix& x, const std::optional<Matrix>& beta) {
    Matrix out;
    project_into(omega, x, beta, out);
    return out;
}

Matrix softmax_cols(const Matrix& s) {                          // s: (N, N), s(m, n) = k_m · q_n
    const std::size_t rows = s.shape(0), cols = s.shape(1);
    std::vector<double> col_max, sums;                          // only for stability
    column_max(s.data(), rows, cols, col_max);
    Matrix a = fresh_matrix(rows, cols);
    exp_normalise_columns(s.data(), a.data(), rows, cols, col_max, sums);
    return a;
}

std::vector<bool> causal_mask(std::size_t n) {
    std::vector<bool> allowed(n * n);
    for (std::size_t m = 0; m < n; ++m) {
        for (std::size_t col = 0; col < n; ++col) allowed[m * n + col] = m <= col;
    }
    return allowed;
}

Matrix apply_mask(const Matrix& s, const std::vector<bool>& allowed) {
    Matrix out = s;
    const double minus_inf = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!allowed[i]) out.data()[i] = minus_inf;
    }
    return out;
}

namespace {

// S = Kᵀ Q / sqrt(Dq) (N, N) into s, masked when a mask is given, then A = softmax down each
// column of S into a (a may equal s: A overwrites S). K and Q are (Dq, N).
void scores_and_weights(const Matrix& k, const Matrix& q, const std::vector<bool>* mask,
                        double* s, double* a) {
    const std::size_t n = q.shape(1);
    const double sqrt_dq = std::sqrt(static_cast<double>(q.shape(0)));
    matmul_transposed_left_into(k, q, s);                       // Kᵀ Q  (N, N)
    std::vector<double> col_max, sums;
    scale_mask_column_max(s, n, sqrt_dq, mask, col_max);
    exp_normalise_columns(s, a, n, n, col_max, sums);
}

}  // namespace

AttentionPass self_attention(const HeadWeights& w, const Matrix& x, const std::vector<bool>* mask,
                             Keep keep) {
    AttentionPass pass;
    project_into(w.omega_q, x, w.beta_q, pass.q);               // (Dq, N)
    project_into(w.omega_k, x, w.beta_k, pass.k);               // (Dq, N)
    const bool output = keep != Keep::scores_and_weights;      // does anything show Y?
    if (output) project_into(w.omega_v, x, w.beta_v, pass.v);   // (Dv, N)
    const std::size_t d = x.shape(0), n = x.shape(1), dq = pass.q.shape(0), dv = pass.v.shape(0);
    Matrix s = fresh_matrix(n, n);
    if (keep == Keep::all || keep == Keep::scores_and_weights) {
        pass.weights = fresh_matrix(n, n);
        scores_and_weights(pass.k, pass.q, mask, s.data(), pass.weights.data());
        pass.scores = std::move(s);
    } else {                                                    // A overwrites S
        scores_and_weights(pass.k, pass.q, mask, s.data(), s.data());
        pass.weights = std::move(s);
    }
    if (output) pass.output = matmul(pass.v, pass.weights);     // Y = V A  (Dv, N)
    pass.multiplications = head_multiplications(d, n, dq, output ? dv : 0);   // the products run
    if (keep == Keep::output) pass.q = pass.k = pass.v = pass.weights = Matrix();
    return pass;
}

AttentionPass self_attention_into(const HeadWeights& w, const Matrix& x, const PassBuffers& into) {
    AttentionPass pass;
    project_into(w.omega_q, x, w.beta_q, pass.q);               // (Dq, N)
    project_into(w.omega_k, x, w.beta_k, pass.k);               // (Dq, N)
    scores_and_weights(pass.k, pass.q, nullptr, into.scores, into.weights);
    const std::size_t d = x.shape(0), n = x.shape(1), dq = pass.q.shape(0);
    const bool output = into.output != nullptr;
    if (output) {
        project_into(w.omega_v, x, w.beta_v, pass.v);           // (Dv, N)
        matmul_into(pass.v, into.weights, n, into.output);      // Y = V A  (Dv, N)
    }
    pass.multiplications = head_multiplications(d, n, dq, output ? pass.v.shape(0) : 0);
    return pass;
}

MultiheadPass multihead_attention(const Matrix& x, const std::vector<HeadWeights>& heads,
                                  const Matrix& omega_c, HeadsKeep keep, const std::function<void()>& after_head) {
    MultiheadPass result;
    const bool output = keep != HeadsKeep::weights;
    const std::size_t d = x.shape(0), n = x.shape(1);
    std::size_t stacked_rows = 0;
    for (const HeadWeights& w : heads) stacked_rows += w.omega_v.shape(0);
    // np.vstack(heads): each head's Y = V A is written straight into its rows of the stack.
    Matrix stacked = output ? fresh_matrix(stacked_rows, n) : Matrix();
    // One set of buffers for every head: Q, K, V and the (N, N) scores, turned into the weights
    // in place (a fresh N×N per head would be page-faulted in anew each time).
    Matrix q, k, v;
    Matrix s = fresh_matrix(n, n);
    std::vector<double> col_max, sums;
    std::size_t row = 0;
    for (const HeadWeights& w : heads) {
        project_into(w.omega_q, x, w.beta_q, q);
        project_into(w.omega_k, x, w.beta_k, k);
        const std::size_t dq = q.shape(0), dv = w.omega_v.shape(0);
        matmul_transposed_left_into(k, q, s.data());            // Kᵀ Q  (N, N)
        scale_mask_column_max(s.data(), n, std::sqrt(static_cast<double>(dq)), nullptr, col_max);
        exp_normalise_columns(s.data(), s.data(), n, n, col_max, sums);
        if (keep != HeadsKeep::output) result.head_weights.push_back(s);
        result.multiplications += head_multiplications(d, n, dq, output ? dv : 0);
        if (output) {
            project_into(w.omega_v, x, w.beta_v, v);
            matmul_into(v, s, stacked.data() + row * n);        // Y_h = V A  (Dv, N)
            row += dv;
        }
        result.parameters += static_cast<std::int64_t>(w.omega_q.size() + w.omega_k.size() +
                                                       w.omega_v.size());
        if (after_head) after_head();
    }
    s = Matrix();                                               // the mix needs no N×N
    result.parameters += static_cast<std::int64_t>(omega_c.size());
    if (!output) return result;
    result.output = matmul(omega_c, stacked);                   // Ωc mixes the heads
    result.multiplications += product_cost(omega_c.shape(0), stacked_rows, n);
    return result;
}

MultiheadPass multihead_counts(std::size_t d, std::size_t n, std::size_t heads) {
    MultiheadPass result;
    const std::size_t width = d / heads;
    // Per head Ωq, Ωk, Ωv (D/H, D) and its five products; then Ωc (D, D) times the (D, N) stack.
    result.parameters = static_cast<std::int64_t>(heads) * 3 * static_cast<std::int64_t>(width * d) +
                        static_cast<std::int64_t>(d * d);
    result.multiplications = static_cast<std::int64_t>(heads) * head_multiplications(d, n, width, width) +
                             product_cost(d, width * heads, n);
    return result;
}

Matrix sinusoidal_encoding(std::size_t d, std::size_t n, double base) {
    Matrix p = fresh_matrix(d, n);
    for (std::size_t i = 0; i < d; ++i) {
        // freq = 1.0 / base ** (2*(i//2)/D), each step rounded as NumPy rounds it.
        const double exponent = static_cast<double>(2 * (i / 2)) / static_cast<double>(d);
        const double freq = 1.0 / std::pow(base, exponent);
        for (std::size_t pos = 0; pos < n; ++pos) {
            const double angle = static_cast<double>(pos) * freq;
            p(i, pos) = (i % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    }
    return p;
}

}  // namespace attn::core
