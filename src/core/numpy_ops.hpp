#pragma once
// NumPy's arithmetic where its order of operations shows in the last bits:
// `@` (matmul dispatch to BLAS dot/gemv/gemm exactly as numpy/core/src/umath/matmul.c.src does),
// `sum` (0 + pairwise summation, numpy/core/src/umath/loops_utils.h.src) and axis reductions.
#include <cstddef>
#include <vector>

#include "core/matrix.hpp"

namespace attn::core {

// A @ B for C-ordered A (m, n) and B (n, p).
Matrix matmul(const Matrix& a, const Matrix& b);
// A.T @ B for C-ordered A (n, m) and B (n, p): NumPy passes the transposed view to BLAS
// with a transpose flag instead of copying it, and so do we.
Matrix matmul_transposed_left(const Matrix& a, const Matrix& b);
// The same two products written into `out`, a C-ordered (m, p) block the caller owns (a buffer
// reused across heads, or a row block of a stacked matrix); same BLAS calls, same bits.
void matmul_into(const Matrix& a, const Matrix& b, double* out);
void matmul_transposed_left_into(const Matrix& a, const Matrix& b, double* out);
// A @ B into out, for B a C-ordered (a.shape(1), b_cols) block the caller owns (a report's A).
void matmul_into(const Matrix& a, const double* b, std::size_t b_cols, double* out);
// A @ v for C-ordered A (m, n) and a vector v (n,): gemv, as NumPy's matrix_vector case.
std::vector<double> matvec(const Matrix& a, const std::vector<double>& v);
// The same into out (m,), for v of a.shape(1) values.
void matvec_into(const Matrix& a, const double* v, double* out);

// np.sum of n values spaced `stride` apart: 0.0 + pairwise_sum (8 accumulators, blocks of 128).
double numpy_sum(const double* values, std::size_t n, std::size_t stride = 1);
double numpy_mean(const std::vector<double>& values);   // np.mean: numpy_sum / n

// M.sum(axis=0) on a C-ordered matrix: whole rows added one after another, from 0.
std::vector<double> sum_axis0(const Matrix& m);
// M.sum(axis=1): numpy_sum along each contiguous row.
std::vector<double> sum_axis1(const Matrix& m);
// The same two for a C-ordered (rows, cols) block the caller owns (a report's array).
std::vector<double> sum_axis0(const double* m, std::size_t rows, std::size_t cols);
std::vector<double> sum_axis1(const double* m, std::size_t rows, std::size_t cols);

}  // namespace attn::core
