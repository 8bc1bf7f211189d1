// softmax kernels (see softmax.hpp). Only exactly rounded operations (/, -, max, compare) are
// vectorised: each element gets the same IEEE result at any vector width, and -ffp-contract=off
// keeps them unfused. The loops are compiled for AVX-512 and AVX2 too (softmax_loops.hpp, one
// chosen at the first call from the CPU, like NumPy's own dispatch) because the N×N passes are
// most of a large attention run;
// exp is numpy_exp (core/numpy_exp.hpp): NumPy's own SVML exp where NumPy runs it (AVX-512
// SKX), glibc's exp elsewhere, so E carries the reference's bits on either host.
#include "core/softmax.hpp"

#include <algorithm>
#include <limits>

#include "core/numpy_exp.hpp"
#include "core/numpy_ops.hpp"
#include "core/softmax_loops.hpp"
#include "cpu/cpu_features.hpp"

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

// One copy of the loops per instruction set, chosen once (cpu/cpu_features.hpp, no CPUID).
const SoftmaxLoops& choose_loops() {
#if defined(__x86_64__)
    if (cpu::has(cpu::Feature::avx512f)) return kSoftmaxLoops_avx512;
    if (cpu::has(cpu::Feature::avx2)) return kSoftmaxLoops_avx2;
#endif
    return kSoftmaxLoops_baseline;
}

const SoftmaxLoops& loops() {
    static const SoftmaxLoops& chosen = choose_loops();
    return chosen;
}

}  // namespace

void column_max(const double* s, std::size_t rows, std::size_t cols, std::vector<double>& col_max) {
    col_max.assign(cols, -std::numeric_limits<double>::infinity());
    loops().max_rows_into(s, rows, cols, col_max.data());
}

void scale_mask_column_max(double* s, std::size_t n, double sqrt_dq,
                           const std::vector<bool>* mask, std::vector<double>& col_max) {
    const double minus_inf = -std::numeric_limits<double>::infinity();
    col_max.assign(n, minus_inf);
    for (std::size_t m = 0; m < n; ++m) {          // row by row, while the row is in cache
        double* row = s + m * n;
        loops().divide_all(row, n, sqrt_dq);
        if (mask) {
            for (std::size_t c = 0; c < n; ++c) {
                if (!(*mask)[m * n + c]) row[c] = minus_inf;
            }
        }
        loops().max_rows_into(row, 1, n, col_max.data());
    }
}

void exp_normalise_columns(const double* s, double* a, std::size_t rows, std::size_t cols,
                           const std::vector<double>& col_max, std::vector<double>& sums) {
    sums.assign(cols, 0.0);
    for (std::size_t m = 0; m < rows; ++m) {   // row by row, while the row is in cache
        double* out = a + m * cols;
        // E = np.exp(S - S.max(axis=0)), elementwise, so one row at a time gives the same bits;
        // exp(-inf) = 0: masked entries.
        loops().minus_into(s + m * cols, col_max.data(), out, cols);
        numpy_exp(out, out, cols);
        loops().add_into(sums.data(), out, cols);
    }
    if (cols == 1) sums[0] = numpy_sum(a, rows, 1);
    loops().divide_rows_by(a, rows, cols, sums.data());
}

}  // namespace attn::core
