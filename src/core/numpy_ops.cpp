// NumPy 1.24's matmul dispatch and summation order, reproduced so that attn's products and sums
// carry the same bits as the chapter's NumPy (both link the same OpenBLAS).
#include "core/numpy_ops.hpp"

#include <cblas.h>

#include <algorithm>
#include <climits>

#include "core/fresh_pages.hpp"
#include "core/pairwise_sum.hpp"

namespace attn::core {
namespace {

// A 2-D operand as NumPy's matmul loop sees it: data, element strides (row, column), extents.
struct Operand {
    const double* data;
    std::ptrdiff_t stride_rows;
    std::ptrdiff_t stride_cols;
    std::size_t rows;
    std::size_t cols;
};

// matmul.c.src is_blasable2d, in element units: unit stride along the second axis and a leading
// dimension at least as large as that axis.
bool is_blasable2d(std::ptrdiff_t stride1, std::ptrdiff_t stride2, std::size_t d2) {
    return stride2 == 1 && stride1 >= static_cast<std::ptrdiff_t>(d2) && stride1 <= INT_MAX;
}

// arraytypes.c.src DOUBLE_dot: 0.0 + cblas_ddot when both strides are positive.
double numpy_dot(const double* a, std::ptrdiff_t sa, const double* b, std::ptrdiff_t sb,
                 std::size_t n) {
    if (sa > 0 && sb > 0) {
        double sum = 0.0;
        return sum + cblas_ddot(static_cast<int>(n), a, static_cast<int>(sa), b,
                                static_cast<int>(sb));
    }
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) sum += a[i * sa] * b[i * sb];
    return sum;
}

// matmul.c.src @TYPE@_matmul_inner_noblas: out = 0, then += a*b in order of the inner index.
void matmul_noblas(const Operand& a, const Operand& b, double* out) {
    for (std::size_t m = 0; m < a.rows; ++m) {
        for (std::size_t p = 0; p < b.cols; ++p) {
            double acc = 0.0;
            for (std::size_t n = 0; n < a.cols; ++n) {
                const double product = a.data[m * a.stride_rows + n * a.stride_cols] *
                                       b.data[n * b.stride_rows + p * b.stride_cols];
                acc += product;
            }
            out[m * b.cols + p] = acc;
        }
    }
}

// matmul.c.src @TYPE@_gemv: matrix (m, n) times a vector of stride `incx`, into out (m,).
void numpy_gemv(const double* a, std::ptrdiff_t stride_m, std::ptrdiff_t stride_n, std::size_t m,
                std::size_t n, const double* x, std::ptrdiff_t incx, double* out,
                std::ptrdiff_t incy) {
    CBLAS_ORDER order;
    int lda;
    if (is_blasable2d(stride_m, stride_n, n)) {
        order = CblasColMajor;
        lda = static_cast<int>(stride_m);
    } else {
        order = CblasRowMajor;
        lda = static_cast<int>(stride_n);
    }
    cblas_dgemv(order, CblasTrans, static_cast<int>(n), static_cast<int>(m), 1.0, a, lda, x,
                static_cast<int>(incx), 0.0, out, static_cast<int>(incy));
}

// matmul.c.src @TYPE@_matmul_matrixmatrix (gemm; syrk never applies: our operands are distinct).
void numpy_gemm(const Operand& a, const Operand& b, double* out) {
    CBLAS_TRANSPOSE trans_a, trans_b;
    int lda, ldb;
    if (is_blasable2d(a.stride_rows, a.stride_cols, a.cols)) {
        trans_a = CblasNoTrans;
        lda = static_cast<int>(a.stride_rows);
    } else {
        trans_a = CblasTrans;
        lda = static_cast<int>(a.stride_cols);
    }
    if (is_blasable2d(b.stride_rows, b.stride_cols, b.cols)) {
        trans_b = CblasNoTrans;
        ldb = static_cast<int>(b.stride_rows);
    } else {
        trans_b = CblasTrans;
        ldb = static_cast<int>(b.stride_cols);
    }
    cblas_dgemm(CblasRowMajor, trans_a, trans_b, static_cast<int>(a.rows),
                static_cast<int>(b.cols), static_cast<int>(a.cols), 1.0, a.data, lda, b.data, ldb,
                0.0, out, static_cast<int>(b.cols));
}

bool blasable_either_order(const Operand& x) {
    return is_blasable2d(x.stride_rows, x.stride_cols, x.cols) ||
           is_blasable2d(x.stride_cols, x.stride_rows, x.rows);
}

// The dispatch of matmul.c.src @TYPE@_matmul for one 2-D product (dm, dn) @ (dn, dp), into a
// C-ordered (dm, dp) block `out` (the BLAS calls and their arguments do not depend on where
// the result lives, so a reused buffer or rows of a stacked matrix get the same bits).
void numpy_matmul(const Operand& a, const Operand& b, double* out_data) {
    const std::size_t dm = a.rows, dn = a.cols, dp = b.cols;
    if (dm == 0 || dp == 0) return;
    if (dn == 0) {
        std::fill(out_data, out_data + dm * dp, 0.0);
        return;
    }
    const bool special_case = dm == 1 || dn == 1 || dp == 1;
    const bool scalar_out = dm == 1 && dp == 1;
    const bool scalar_vec = dn == 1 && (dp == 1 || dm == 1);
    const bool a_blasable = blasable_either_order(a);
    const bool b_blasable = blasable_either_order(b);
    // vector @ matrix and matrix @ vector need the vector operand with a usable stride.
    const bool vector_matrix = dm == 1 && b_blasable && is_blasable2d(a.stride_cols, 1, 1);
    const bool matrix_vector = dp == 1 && a_blasable && is_blasable2d(b.stride_rows, 1, 1);
    if (special_case) {
        if (scalar_out) {
            out_data[0] = numpy_dot(a.data, a.stride_cols, b.data, b.stride_rows, dn);
        } else if (scalar_vec) {
            matmul_noblas(a, b, out_data);
        } else if (vector_matrix) {
            // vector @ matrix: NumPy swaps the operands and computes B^T a.
            numpy_gemv(b.data, b.stride_cols, b.stride_rows, dp, dn, a.data, a.stride_cols,
                       out_data, 1);
        } else if (matrix_vector) {
            numpy_gemv(a.data, a.stride_rows, a.stride_cols, dm, dn, b.data, b.stride_rows,
                       out_data, static_cast<std::ptrdiff_t>(dp));
        } else {
            matmul_noblas(a, b, out_data);
        }
    } else if (a_blasable && b_blasable) {
        numpy_gemm(a, b, out_data);
    } else {
        matmul_noblas(a, b, out_data);
    }
}

Matrix numpy_matmul(const Operand& a, const Operand& b) {
    Matrix out = fresh_matrix(a.rows, b.cols);
    numpy_matmul(a, b, out.data());
    return out;
}

Operand c_ordered(const Matrix& m) {
    const auto rows = m.shape(0), cols = m.shape(1);
    return {m.data(), static_cast<std::ptrdiff_t>(cols), 1, rows, cols};
}

Operand transposed(const Matrix& m) {
    const auto rows = m.shape(0), cols = m.shape(1);
    return {m.data(), 1, static_cast<std::ptrdiff_t>(cols), cols, rows};
}

}  // namespace

Matrix matmul(const Matrix& a, const Matrix& b) { return numpy_matmul(c_ordered(a), c_ordered(b)); }

Matrix matmul_transposed_left(const Matrix& a, const Matrix& b) {
    return numpy_matmul(transposed(a), c_ordered(b));
}

void matmul_into(const Matrix& a, const Matrix& b, double* out) {
    numpy_matmul(c_ordered(a), c_ordered(b), out);
}

void matmul_transposed_left_into(const Matrix& a, const Matrix& b, double* out) {
    numpy_matmul(transposed(a), c_ordered(b), out);
}

void matmul_into(const Matrix& a, const double* b, std::size_t b_cols, double* out) {
    const Operand right{b, static_cast<std::ptrdiff_t>(b_cols), 1, a.shape(1), b_cols};
    numpy_matmul(c_ordered(a), right, out);
}

void matvec_into(const Matrix& a, const double* v, double* out) {
    // A 1-D right operand is a (n, 1) column to NumPy's matmul loop.
    const Operand column{v, 1, 0, a.shape(1), 1};
    numpy_matmul(c_ordered(a), column, out);
}

std::vector<double> matvec(const Matrix& a, const std::vector<double>& v) {
    std::vector<double> out(a.shape(0));
    matvec_into(a, v.data(), out.data());
    return out;
}

double numpy_sum(const double* values, std::size_t n, std::size_t stride) {
    // add.reduce starts from the identity 0.0 (so a sum of -0.0 is +0.0), then adds pairwise.
    return 0.0 + pairwise_sum(values, n, stride);
}

double numpy_mean(const std::vector<double>& values) {
    return numpy_sum(values.data(), values.size()) / static_cast<double>(values.size());
}

std::vector<double> sum_axis0(const double* m, std::size_t rows, std::size_t cols) {
    if (cols == 1) return {numpy_sum(m, rows, 1)};          // a single strided reduction
    std::vector<double> acc(cols, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < cols; ++c) acc[c] += m[r * cols + c];
    }
    return acc;
}

std::vector<double> sum_axis0(const Matrix& m) { return sum_axis0(m.data(), m.shape(0), m.shape(1)); }

std::vector<double> sum_axis1(const double* m, std::size_t rows, std::size_t cols) {
    std::vector<double> out(rows);
    for (std::size_t r = 0; r < rows; ++r) out[r] = numpy_sum(m + r * cols, cols, 1);
    return out;
}

std::vector<double> sum_axis1(const Matrix& m) { return sum_axis1(m.data(), m.shape(0), m.shape(1)); }

}  // namespace attn::core
