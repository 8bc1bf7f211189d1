// Self-attention (chapter sections 3, 4 and 6). Every reduction is stored in a named container
// before it is broadcast: xtensor 0.24.3's lazy keep_dims reducers read out of bounds inside a
// broadcast (xtensor issue #2871; regression test in tests/test_core_attention.cpp).
#include "core/attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <xtensor/xmath.hpp>
#include <xtensor/xview.hpp>

#include "core/numpy_ops.hpp"

namespace attn::core {

namespace {

// Scalar multiplications of a (m, n) @ (n, p) product.
std::int64_t product_cost(std::size_t m, std::size_t n, std::size_t p) {
    return static_cast<std::int64_t>(m) * static_cast<std::int64_t>(n) * static_cast<std::int64_t>(p);
}

}  // namespace

Matrix project(const Matrix& omega, const Matrix& x, const std::optional<Matrix>& beta) {
    Matrix out = matmul(omega, x);                              // (rows, N)
    if (beta) {
        const Matrix& b = *beta;                                // (rows, 1), broadcast along N
        for (std::size_t r = 0; r < out.shape(0); ++r) {
            for (std::size_t c = 0; c < out.shape(1); ++c) out(r, c) += b(r, 0);
        }
    }
    return out;
}

Matrix softmax_cols(const Matrix& s) {                          // s: (N, N), s(m, n) = k_m · q_n
    const Matrix col_max = xt::amax(s, {0}, xt::keep_dims);     // (1, N), only for stability
    const Matrix e = xt::exp(s - col_max);                      // (N, N); exp(-inf) = 0
    // NumPy's E.sum(axis=0) adds whole rows one after another; the order shows in the last bit.
    const std::vector<double> sums = sum_axis0(e);              // (N,)
    Matrix a = e;
    for (std::size_t m = 0; m < a.shape(0); ++m) {
        for (std::size_t n = 0; n < a.shape(1); ++n) a(m, n) = e(m, n) / sums[n];
    }
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

AttentionPass self_attention(const HeadWeights& w, const Matrix& x, const std::vector<bool>* mask) {
    AttentionPass pass;
    pass.q = project(w.omega_q, x, w.beta_q);                   // (Dq, N)
    pass.k = project(w.omega_k, x, w.beta_k);                   // (Dq, N)
    pass.v = project(w.omega_v, x, w.beta_v);                   // (Dv, N)
    const double sqrt_dq = std::sqrt(static_cast<double>(w.omega_q.shape(0)));
    Matrix s = matmul_transposed_left(pass.k, pass.q);          // Kᵀ Q  (N, N)
    for (auto& value : s) value /= sqrt_dq;                     // divided, as NumPy's `/ np.sqrt`
    pass.scores = mask ? apply_mask(s, *mask) : s;
    pass.weights = softmax_cols(pass.scores);                   // (N, N), columns sum to 1
    pass.output = matmul(pass.v, pass.weights);                 // Y = V A  (Dv, N)
    const std::size_t d = x.shape(0), n = x.shape(1), dq = pass.q.shape(0), dv = pass.v.shape(0);
    pass.multiplications = 2 * product_cost(dq, d, n) + product_cost(dv, d, n) +
                           product_cost(n, dq, n) + product_cost(dv, n, n);
    return pass;
}

MultiheadPass multihead_attention(const Matrix& x, const std::vector<HeadWeights>& heads,
                                  const Matrix& omega_c) {
    MultiheadPass result;
    const std::size_t n = x.shape(1);
    std::size_t stacked_rows = 0;
    std::vector<Matrix> outputs;
    for (const HeadWeights& w : heads) {
        AttentionPass pass = self_attention(w, x);
        result.multiplications += pass.multiplications;
        result.parameters += static_cast<std::int64_t>(w.omega_q.size() + w.omega_k.size() +
                                                       w.omega_v.size());
        stacked_rows += pass.output.shape(0);
        outputs.push_back(std::move(pass.output));
    }
    Matrix stacked = Matrix::from_shape({stacked_rows, n});     // np.vstack(heads)
    std::size_t row = 0;
    for (const Matrix& y : outputs) {
        std::copy(y.begin(), y.end(), stacked.data() + row * n);
        row += y.shape(0);
    }
    result.output = matmul(omega_c, stacked);                   // Ωc mixes the heads
    result.parameters += static_cast<std::int64_t>(omega_c.size());
    result.multiplications += product_cost(omega_c.shape(0), stacked_rows, n);
    return result;
}

Matrix sinusoidal_encoding(std::size_t d, std::size_t n, double base) {
    Matrix p = Matrix::from_shape({d, n});
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
