// softmax kernels (see softmax.hpp). Only exactly rounded operations (/, -, max, compare) are
// vectorised: each element gets the same IEEE result at any vector width, and -ffp-contract=off
// keeps them unfused (-O3 for this file: CMakeLists.txt);
// exp is numpy_exp (core/numpy_exp.hpp): NumPy's own SVML exp where NumPy runs it (AVX-512
// SKX), glibc's exp elsewhere, so E carries the reference's bits on either host.
#include "core/softmax.hpp"

#include <algorithm>
#include <limits>

#include "core/numpy_exp.hpp"
#include "core/numpy_ops.hpp"

namespace attn::core {

std::vector<double> softmax(const std::vector<double>& v) {
    const double top = *std::max_element(v.begin(), v.end());   // stability only
    std::vector<double> e(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) e[i] = v[i] - top;
    numpy_exp(e.data(), e.data(), e.size());    // np.exp(v - v.max()): one contiguous array
    const double total = numpy_sum(e.data(), e.size());
    for (double& x : e) x /= total;
    return e;
}

namespace {

// The N×N passes, written as plain loops that GCC vectorises at -O3 for the baseline set (SSE2;
// NEON on aarch64). Copies compiled for AVX2 and AVX-512 were measured side by side and removed:
// `attention --d 8 --n 4000` took 1.07 of the AVX-512 copy's CPU time with the baseline one and
// `--d 512 --n 4000` 0.98, within the noise (docs/performance.md).

void max_rows_into(const double* s, std::size_t rows, std::size_t cols, double* acc) {
    for (std::size_t m = 0; m < rows; ++m) {
        const double* row = s + m * cols;
        for (std::size_t n = 0; n < cols; ++n) {
            const double v = row[n];
            acc[n] = (v > acc[n] || v != v) ? v : acc[n];
        }
    }
}

void divide_all(double* s, std::size_t count, double by) {
    for (std::size_t i = 0; i < count; ++i) s[i] = s[i] / by;
}

void minus_into(const double* in, const double* by, double* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) out[i] = in[i] - by[i];
}

void add_into(double* acc, const double* row, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) acc[i] += row[i];
}

void divide_rows_by(double* a, std::size_t rows, std::size_t cols, const double* sums) {
    for (std::size_t m = 0; m < rows; ++m) {
        double* row = a + m * cols;
        for (std::size_t n = 0; n < cols; ++n) row[n] = row[n] / sums[n];
    }
}

}  // namespace

void column_max(const double* s, std::size_t rows, std::size_t cols, std::vector<double>& col_max) {
    col_max.assign(cols, -std::numeric_limits<double>::infinity());
    max_rows_into(s, rows, cols, col_max.data());
}

void scale_mask_column_max(double* s, std::size_t n, double sqrt_dq,
                           const std::vector<bool>* mask, std::vector<double>& col_max) {
    const double minus_inf = -std::numeric_limits<double>::infinity();
    col_max.assign(n, minus_inf);
    for (std::size_t m = 0; m < n; ++m) {          // row by row, while the row is in cache
        double* row = s + m * n;
        divide_all(row, n, sqrt_dq);
        if (mask) {
            for (std::size_t c = 0; c < n; ++c) {
                if (!(*mask)[m * n + c]) row[c] = minus_inf;
            }
        }
        max_rows_into(row, 1, n, col_max.data());
    }
}

void exp_normalise_columns(const double* s, double* a, std::size_t rows, std::size_t cols,
                           const std::vector<double>& col_max, std::vector<double>& sums) {
    sums.assign(cols, 0.0);
    for (std::size_t m = 0; m < rows; ++m) {   // row by row, while the row is in cache
        double* out = a + m * cols;
        // E = np.exp(S - S.max(axis=0)), elementwise, so one row at a time gives the same bits;
        // exp(-inf) = 0: masked entries.
        minus_into(s + m * cols, col_max.data(), out, cols);
        numpy_exp(out, out, cols);
        add_into(sums.data(), out, cols);
    }
    if (cols == 1) sums[0] = numpy_sum(a, rows, 1);
    divide_rows_by(a, rows, cols, sums.data());
}

}  // namespace attn::core
