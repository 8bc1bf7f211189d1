// The lesson's float32 arithmetic (see float32_ops.hpp). Products go to OpenBLAS, the BLAS that
// Debian's torch calls for mm/mv, with the same operands and transpose flags; everything else is
// a plain loop in float32, with the two reductions that torch runs in double kept in double.
#include "core/float32_ops.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn::core {
namespace {

void require(bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("float32 ops: ") + what);
}

int as_int(std::size_t n) {
    require(n <= static_cast<std::size_t>(std::numeric_limits<int>::max()), "size over INT_MAX");
    return static_cast<int>(n);
}

}  // namespace

Tensor32::Tensor32(std::size_t r, std::size_t c, std::vector<float> values)
    : rows(r), cols(c), data(std::move(values)) {
    require(data.size() == r * c, "values do not fill the shape");
}

std::vector<float> Tensor32::row(std::size_t r) const {
    return {data.begin() + static_cast<long>(r * cols), data.begin() + static_cast<long>((r + 1) * cols)};
}

// ---- products ---------------------------------------------------------------------------------

// torch's addmm on row-major operands asks column-major sgemm for Cᵀ = Bᵀ Aᵀ; cblas's RowMajor
// interface makes the same call.
Tensor32 matmul(const Tensor32& a, const Tensor32& b) {
    require(a.cols == b.rows, "matmul: inner sizes differ");
    Tensor32 out(a.rows, b.cols);
    if (out.data.empty()) return out;
    if (a.cols == 0) return out;   // an empty inner sum is 0
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, as_int(a.rows), as_int(b.cols),
                as_int(a.cols), 1.0f, a.data.data(), as_int(a.cols), b.data.data(),
                as_int(b.cols), 0.0f, out.data.data(), as_int(out.cols));
    return out;
}

Tensor32 matmul_transposed(const Tensor32& a, const Tensor32& b) {
    require(a.cols == b.cols, "matmul_transposed: inner sizes differ");
    Tensor32 out(a.rows, b.rows);
    if (out.data.empty() || a.cols == 0) return out;
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, as_int(a.rows), as_int(b.rows),
                as_int(a.cols), 1.0f, a.data.data(), as_int(a.cols), b.data.data(),
                as_int(b.cols), 0.0f, out.data.data(), as_int(out.cols));
    return out;
}

std::vector<float> matvec(const Tensor32& a, const std::vector<float>& v) {
    require(a.cols == v.size(), "matvec: sizes differ");
    std::vector<float> out(a.rows, 0.0f);
    if (out.empty() || a.cols == 0) return out;
    cblas_sgemv(CblasRowMajor, CblasNoTrans, as_int(a.rows), as_int(a.cols), 1.0f, a.data.data(),
                as_int(a.cols), v.data(), 1, 0.0f, out.data(), 1);
    return out;
}

// ---- elementwise ------------------------------------------------------------------------------

Tensor32 divide(const Tensor32& a, double s) {
    const auto d = static_cast<float>(s);
    Tensor32 out = a;
    for (float& x : out.data) x = x / d;
    return out;
}

std::vector<float> scale(const std::vector<float>& v, double s) {
    const auto f = static_cast<float>(s);
    std::vector<float> out = v;
    for (float& x : out) x = x * f;
    return out;
}

Tensor32 multiply(const Tensor32& a, const Tensor32& b) {
    require(a.rows == b.rows && a.cols == b.cols, "multiply: shapes differ");
    Tensor32 out = a;
    for (std::size_t i = 0; i < out.data.size(); ++i) out.data[i] = a.data[i] * b.data[i];
    return out;
}

// ---- masks ------------------------------------------------------------------------------------

std::vector<bool> tril_mask(std::size_t n) {
    std::vector<bool> keep(n * n, false);
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t c = 0; c <= r; ++c) keep[r * n + c] = true;
    }
    return keep;
}

Tensor32 masked_fill_not(const Tensor32& s, const std::vector<bool>& keep, float value) {
    require(keep.size() == s.data.size(), "masked_fill: mask shape differs");
    Tensor32 out = s;
    for (std::size_t i = 0; i < out.data.size(); ++i) {
        if (!keep[i]) out.data[i] = value;
    }
    return out;
}

// ---- reductions -------------------------------------------------------------------------------

namespace {

// One row of _vec_softmax_lastdim. The max is only for stability; a masked (-inf) entry gives
// exp(-inf) = 0, so its weight is exactly 0 and the row still sums to 1.
void softmax_row(const float* in, float* out, std::size_t n) {
    if (n == 0) return;
    float m = in[0];
    for (std::size_t i = 1; i < n; ++i) m = std::max(m, in[i]);   // NaN-free inputs assumed
    for (std::size_t i = 0; i < n; ++i) out[i] = std::exp(in[i] - m);
    // The sum: rows shorter than 8 left to right (torch's order there, every row the lesson
    // prints). Longer rows (section 5 at --t 8 and more, where only the shape and the comparison
    // figure print) keep eight running lane sums, as torch's vectorised reduce_all does with
    // 8-float vectors, then add the lanes in order: a single left-to-right float32 sum over
    // thousands of weights drifts by ~sqrt(n) ulps, which alone would exceed section 5's 1e-6.
    float sum = 0.0f;
    if (n < 8) {
        for (std::size_t i = 0; i < n; ++i) sum = sum + out[i];
    } else {
        float lane[8];
        for (std::size_t l = 0; l < 8; ++l) lane[l] = out[l];
        std::size_t i = 8;
        for (; i + 8 <= n; i += 8) {
            for (std::size_t l = 0; l < 8; ++l) lane[l] = lane[l] + out[i + l];
        }
        for (std::size_t l = 0; i + l < n; ++l) lane[l] = lane[l] + out[i + l];
        for (std::size_t l = 0; l < 8; ++l) sum = sum + lane[l];
    }
    const float inv = 1.0f / sum;
    for (std::size_t i = 0; i < n; ++i) out[i] = out[i] * inv;
}

}  // namespace

Tensor32 softmax_rows(const Tensor32& s) {
    Tensor32 out(s.rows, s.cols);
    for (std::size_t r = 0; r < s.rows; ++r) {
        softmax_row(s.data.data() + r * s.cols, out.data.data() + r * s.cols, s.cols);
    }
    return out;
}

std::vector<float> softmax(const std::vector<float>& v) {
    std::vector<float> out(v.size());
    softmax_row(v.data(), out.data(), v.size());
    return out;
}

std::vector<float> row_sums(const Tensor32& s) {
    std::vector<float> out(s.rows);
    for (std::size_t r = 0; r < s.rows; ++r) {
        double acc = 0.0;
        for (std::size_t c = 0; c < s.cols; ++c) acc += s(r, c);
        out[r] = static_cast<float>(acc);
    }
    return out;
}

Tensor32 normalise_rows(const Tensor32& a) {
    const std::vector<float> sums = row_sums(a);
    Tensor32 out = a;
    for (std::size_t r = 0; r < a.rows; ++r) {
        for (std::size_t c = 0; c < a.cols; ++c) out(r, c) = a(r, c) / sums[r];
    }
    return out;
}

std::vector<float> row_max(const Tensor32& s) {
    require(s.cols > 0, "max over an empty row");
    std::vector<float> out(s.rows);
    for (std::size_t r = 0; r < s.rows; ++r) {
        float m = s(r, 0);
        for (std::size_t c = 1; c < s.cols; ++c) m = std::max(m, s(r, c));
        out[r] = m;
    }
    return out;
}

std::vector<float> mean_of_first_rows(const Tensor32& t, std::size_t k) {
    require(k >= 1 && k <= t.rows, "mean: row count out of range");
    std::vector<float> out(t.cols, 0.0f);
    for (std::size_t r = 0; r < k; ++r) {
        for (std::size_t c = 0; c < t.cols; ++c) out[c] = out[c] + t(r, c);
    }
    const auto n = static_cast<float>(k);
    for (float& x : out) x = x / n;
    return out;
}

float mean(const std::vector<float>& v) {
    require(!v.empty(), "mean of nothing");
    double acc = 0.0;
    for (float x : v) acc += x;
    return static_cast<float>(acc) / static_cast<float>(v.size());
}

float std_unbiased(const std::vector<float>& v) {
    require(v.size() >= 2, "std needs two values");
    const double m = mean(v);
    double sum_dx2 = 0.0;
    for (float x : v) {
        const double dx = static_cast<double>(x) - m;
        sum_dx2 += dx * dx;
    }
    return static_cast<float>(std::sqrt(sum_dx2 / static_cast<double>(v.size() - 1)));
}

// ---- comparisons ------------------------------------------------------------------------------

// at::isclose in float32: allowed = atol + |rtol * b|, actual = |a - b|, finite and <=.
bool allclose(const std::vector<float>& a, const std::vector<float>& b, double rtol, double atol) {
    require(a.size() == b.size(), "allclose: sizes differ");
    const auto rtol_f = static_cast<float>(rtol);
    const auto atol_f = static_cast<float>(atol);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;
        const float allowed = atol_f + std::fabs(rtol_f * b[i]);
        const float actual = std::fabs(a[i] - b[i]);
        if (!(std::isfinite(actual) && actual <= allowed)) return false;
    }
    return true;
}

float max_abs_diff(const Tensor32& a, const Tensor32& b) {
    require(a.rows == b.rows && a.cols == b.cols, "max_abs_diff: shapes differ");
    require(!a.data.empty(), "max of nothing");
    float m = 0.0f;
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        const float d = std::fabs(a.data[i] - b.data[i]);
        if (std::isnan(d)) return d;   // torch's max propagates NaN
        m = std::max(m, d);
    }
    return m;
}

}  // namespace attn::core
