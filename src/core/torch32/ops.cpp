// The lesson's float32 arithmetic (see ops.hpp). Products go to OpenBLAS, the BLAS that
// Debian's torch calls for mm/mv, with the same operands and transpose flags; everything else is
// a plain loop in float32, with the two reductions that torch runs in double kept in double.
#include "core/torch32/ops.hpp"

#include <cblas.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>


namespace attn::core::torch32 {
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

// ---- exp: SLEEF's expf_u10 as torch's AVX2 Vectorized<float>::exp() runs it ------------------
// torch 1.13 picks its AVX2 kernels on any x86-64 CPU with AVX2 and FMA (AVX-512 stays opt-in),
// and there exp is Sleef_expf8_u10: a Cody-Waite reduction by ln 2 and a degree-6 polynomial,
// every multiply-add fused. It differs from the C library's expf in the last bit for about one
// input in ten, which shows in softmax weights, so the same steps are written out here, with
// std::fma for the fused steps (exact on every machine, FMA unit or not).
float torch_exp(float d) {
    if (std::isnan(d)) return d;
    if (d < -104.0f) return 0.0f;                                      // SLEEF flushes to +0
    if (d > 100.0f) return std::numeric_limits<float>::infinity();
    const float kLog2e = 1.442695040888963407359924681001892137426645954152985934135449406931f;
    const float kLn2Hi = 0.693145751953125f, kLn2Lo = 1.428606765330187045e-06f;
    const auto q = static_cast<int>(std::nearbyint(d * kLog2e));       // round half to even
    float s = std::fma(static_cast<float>(q), -kLn2Hi, d);
    s = std::fma(static_cast<float>(q), -kLn2Lo, s);
    float u = 0.000198527617612853646278381f;
    u = std::fma(u, s, 0.00139304355252534151077271f);
    u = std::fma(u, s, 0.00833336077630519866943359f);
    u = std::fma(u, s, 0.0416664853692054748535156f);
    u = std::fma(u, s, 0.166666671633720397949219f);
    u = std::fma(u, s, 0.5f);
    u = 1.0f + std::fma(s * s, u, s);
    // SLEEF's ldexp2: two exact power-of-two factors, so that 2^q never overflows on its own.
    const int half = q >> 1;
    return u * std::ldexp(1.0f, half) * std::ldexp(1.0f, q - half);
}

// ---- sum: torch's float32 cascade sum (aten/src/ATen/native/cpu/SumKernel.cpp) --------------
// torch accumulates a float32 sum in float32, in a fixed order: a contiguous run of 8 or more
// values is read as 8-lane vectors (AVX2's and the portable build's width), the vectors go to 4
// interleaved accumulators, each a cascade of up to 4 levels that adds chunks of 2^p vectors
// (p = max(4, ceil(log2 n) / 4)); the tail values are summed first, then the 8 lanes in order.
// A shorter run is the same cascade over single values. Rounding in a different order moves the
// last bit of about half of all row sums, so the order is reproduced exactly. (Above 32768 values
// a whole-tensor sum is split across threads by torch; the lesson's largest is 1000.)
constexpr std::size_t kLanes = 8;
using Lanes = std::array<float, kLanes>;

std::int64_t ceil_log2(std::int64_t x) {   // torch's utils::CeilLog2
    if (x <= 2) return 1;
    std::int64_t floor_log2 = 0;
    for (auto v = static_cast<std::uint64_t>(x - 1); v > 1; v >>= 1) ++floor_log2;
    return floor_log2 + 1;
}

// multi_row_sum: 4 accumulators ("rows") over `size` steps; item(i, k) is step i, row k.
template <class Acc, class Add, class Item>
std::array<Acc, 4> multi_row_sum(std::int64_t size, Add add, Item item) {
    constexpr int kLevels = 4;
    const std::int64_t level_power = std::max<std::int64_t>(4, ceil_log2(size) / kLevels);
    const std::int64_t level_step = std::int64_t{1} << level_power;
    const std::int64_t level_mask = level_step - 1;
    std::array<std::array<Acc, 4>, kLevels> acc{};   // all +0
    std::int64_t i = 0;
    while (i + level_step <= size) {
        for (std::int64_t j = 0; j < level_step; ++j, ++i) {
            for (int k = 0; k < 4; ++k) add(acc[0][k], item(i, k));
        }
        for (int j = 1; j < kLevels; ++j) {
            for (int k = 0; k < 4; ++k) {
                add(acc[j][k], acc[j - 1][k]);
                acc[j - 1][k] = Acc{};
            }
            if ((i & (level_mask << (j * level_power))) != 0) break;
        }
    }
    for (; i < size; ++i) {
        for (int k = 0; k < 4; ++k) add(acc[0][k], item(i, k));
    }
    for (int j = 1; j < kLevels; ++j) {
        for (int k = 0; k < 4; ++k) add(acc[0][k], acc[j][k]);
    }
    return acc[0];
}

// row_sum: the run read as (size / 4, 4), its 4 columns summed by multi_row_sum, the leftover
// items added to column 0, then columns 1..3 added to column 0.
template <class Acc, class Add, class Item>
Acc cascade_row_sum(std::int64_t size, Add add, Item item) {
    const std::int64_t size_ilp = size / 4;
    auto partial = multi_row_sum<Acc>(size_ilp, add, [&](std::int64_t i, int k) {
        return item(i * 4 + k);
    });
    for (std::int64_t i = size_ilp * 4; i < size; ++i) add(partial[0], item(i));
    for (int k = 1; k < 4; ++k) add(partial[0], partial[k]);
    return partial[0];
}

float torch_sum(const float* x, std::size_t n) {
    const auto add_one = [](float& acc, float v) { acc = acc + v; };
    float total;
    if (n < kLanes) {
        total = cascade_row_sum<float>(static_cast<std::int64_t>(n), add_one,
                                       [&](std::int64_t i) { return x[i]; });
    } else {
        const auto add_lanes = [](Lanes& acc, const Lanes& v) {
            for (std::size_t l = 0; l < kLanes; ++l) acc[l] = acc[l] + v[l];
        };
        const std::size_t vectors = n / kLanes;
        const Lanes lanes = cascade_row_sum<Lanes>(
            static_cast<std::int64_t>(vectors), add_lanes, [&](std::int64_t i) {
                Lanes v;
                std::copy_n(x + i * static_cast<std::int64_t>(kLanes), kLanes, v.begin());
                return v;
            });
        total = 0.0f;
        for (std::size_t k = vectors * kLanes; k < n; ++k) total = total + x[k];
        for (float lane : lanes) total = total + lane;
    }
    return 0.0f + total;   // added onto the zero-filled output (so -0 comes out +0)
}

// One row of _vec_softmax_lastdim. The max is only for stability; a masked (-inf) entry gives
// exp(-inf) = 0, so its weight is exactly 0 and the row still sums to 1. Rows shorter than 8 are
// one partial vector, summed left to right; a longer row adds whole vectors lane by lane and the
// tail into the first lanes, then the 8 lanes in order.
void softmax_row(const float* in, float* out, std::size_t n) {
    if (n == 0) return;
    float m = in[0];
    for (std::size_t i = 1; i < n; ++i) m = std::max(m, in[i]);   // NaN-free inputs assumed
    for (std::size_t i = 0; i < n; ++i) out[i] = torch_exp(in[i] - m);
    float sum = out[0];
    if (n < kLanes) {
        for (std::size_t i = 1; i < n; ++i) sum = sum + out[i];
    } else {
        Lanes acc;
        std::copy_n(out, kLanes, acc.begin());
        std::size_t i = kLanes;
        for (; i + kLanes <= n; i += kLanes) {
            for (std::size_t l = 0; l < kLanes; ++l) acc[l] = acc[l] + out[i + l];
        }
        for (std::size_t l = 0; i + l < n; ++l) acc[l] = acc[l] + out[i + l];
        // vec_reduce_all's shuffles: halves, then pairs within halves, then neighbours.
        for (std::size_t shift : {4u, 2u, 1u}) {
            Lanes swapped;
            for (std::size_t l = 0; l < kLanes; ++l) swapped[l] = acc[l ^ shift];
            for (std::size_t l = 0; l < kLanes; ++l) acc[l] = acc[l] + swapped[l];
        }
        sum = acc[0];
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
    for (std::size_t r = 0; r < s.rows; ++r) out[r] = torch_sum(s.data.data() + r * s.cols, s.cols);
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
    return torch_sum(v.data(), v.size()) / static_cast<float>(v.size());   // sum().div_(n)
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

}  // namespace attn::core::torch32
