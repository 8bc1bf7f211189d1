// The CBLAS calls of the WebAssembly build (cblas.h), where OpenBLAS is not linked: the reference
// BLAS's (Netlib's) loops, whose order of operations is the one written down in its Fortran:
//   ddot        s = 0; s += x[i]*y[i] for i = 0..n-1 in order (its unrolling by 5 adds left to right)
//   dgemv  y := beta*y; NoTrans: for each column j: t = alpha*x[j]; y[i] += t*A(i,j), j in order
//                       Trans:   for each column j: t = 0; t += A(i,j)*x[i], i in order; y[j] += alpha*t
//   dgemm  C := beta*C; for each l in order: t = alpha*B(l,j); C(i,j) += t*A(i,l)   (NoTrans B)
//                       for B transposed the same sums, each C(i,j) a dot product over l in order
// Every element of a product is a sequential sum over the inner index from 0 (no split
// accumulators, no FMA: -ffp-contract=off); dgemm's tiles and SIMD128 lanes run over different
// elements only (gemm_row_major). OpenBLAS's kernels add in other orders
// (Haswell, SkylakeX and Prescott among themselves too); the chapter's printed digits do not see
// the difference (docs/web.md, "The BLAS in the browser": the wasm_golden and wasm_conformance tests).
// Single-threaded; the OpenBLAS thread calls attn makes (core/blas_threads.cpp) answer one thread.
#include "cblas.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace {

// Row-major element (r, c) of an operand stored with leading dimension ld, transposed or not.
template <class T>
inline T at(const T* m, int ld, bool trans, int r, int c) {
    return trans ? m[static_cast<std::ptrdiff_t>(c) * ld + r] : m[static_cast<std::ptrdiff_t>(r) * ld + c];
}

// Row-major C (m, n) = alpha * op(A) (m, k) @ op(B) (k, n) + beta * C, Netlib's order per element:
// C(i, j) = beta*C(i, j), then C(i, j) += (alpha * op(B)(l, j)) * op(A)(i, l) for l = 0, 1, ... k-1.
// The loops are tiled (kRows rows of C by kCols columns, l running over the whole k inside a tile)
// so that a tile of C stays in the cache while its k terms arrive, and the innermost loop runs
// along a row of C and a row of op(B), which the compiler turns into WebAssembly SIMD128 (two
// doubles or four floats at a time): the vector's lanes are different elements of C, each still
// receiving its terms one at a time in the order of l, so every element's sum is the sequential
// one (tests/web/test_blas_loops.cpp). A transposed B is first copied, a panel of kCols of its
// columns at a time, into rows (the same values, no arithmetic).
// C(i, j) := beta * C(i, j) for the w columns from c of each of h rows (0 for beta 0, as Netlib).
template <class T>
void scale_rows(T* c, int ldc, int h, int w, T beta) {
    for (int r = 0; r < h; ++r) {
        T* cr = c + static_cast<std::ptrdiff_t>(r) * ldc;
        for (int j = 0; j < w; ++j) cr[j] = beta == T(0) ? T(0) : (beta == T(1) ? cr[j] : beta * cr[j]);
    }
}

template <class T>
void gemm_row_major(bool ta, bool tb, int m, int n, int k, T alpha, const T* a, int lda, const T* b, int ldb,
                    T beta, T* c, int ldc) {
    if (m == 0 || n == 0) return;
    if (k == 0 || alpha == T(0)) {
        scale_rows(c, ldc, m, n, beta);
        return;
    }
    constexpr int kRows = 4, kCols = 512;
    std::vector<T> panel;   // op(B)'s rows l = 0..k-1, columns j0..j0+w-1, when B is transposed
    for (int j0 = 0; j0 < n; j0 += kCols) {
        const int w = std::min(kCols, n - j0);
        const T* rows = b + j0;   // op(B)(l, j0 + j) = rows[l * stride + j]
        std::ptrdiff_t stride = ldb;
        if (tb) {
            panel.resize(static_cast<std::size_t>(k) * static_cast<std::size_t>(w));
            for (int j = 0; j < w; ++j) {
                const T* bj = b + static_cast<std::ptrdiff_t>(j0 + j) * ldb;   // row j0+j of B = column of op(B)
                for (int l = 0; l < k; ++l) panel[static_cast<std::size_t>(l) * w + j] = bj[l];
            }
            rows = panel.data();
            stride = w;
        }
        for (int i0 = 0; i0 < m; i0 += kRows) {
            const int h = std::min(kRows, m - i0);
            T* __restrict c0 = c + static_cast<std::ptrdiff_t>(i0) * ldc + j0;
            scale_rows(c0, ldc, h, w, beta);   // the tile's beta*C, just before its terms (in the cache)
            if (h == kRows) {
                T* __restrict c1 = c0 + ldc;
                T* __restrict c2 = c1 + ldc;
                T* __restrict c3 = c2 + ldc;
                for (int l = 0; l < k; ++l) {
                    const T* __restrict bl = rows + static_cast<std::ptrdiff_t>(l) * stride;
                    const T a0 = at(a, lda, ta, i0, l), a1 = at(a, lda, ta, i0 + 1, l), a2 = at(a, lda, ta, i0 + 2, l),
                            a3 = at(a, lda, ta, i0 + 3, l);
                    for (int j = 0; j < w; ++j) {
                        const T t = alpha * bl[j];   // Netlib's temp = alpha*B(l,j), the same for every row
                        c0[j] += t * a0;
                        c1[j] += t * a1;
                        c2[j] += t * a2;
                        c3[j] += t * a3;
                    }
                }
            } else {
                for (int r = 0; r < h; ++r) {
                    T* __restrict cr = c0 + static_cast<std::ptrdiff_t>(r) * ldc;
                    for (int l = 0; l < k; ++l) {
                        const T* __restrict bl = rows + static_cast<std::ptrdiff_t>(l) * stride;
                        const T ar = at(a, lda, ta, i0 + r, l);
                        for (int j = 0; j < w; ++j) cr[j] += (alpha * bl[j]) * ar;
                    }
                }
            }
        }
    }
}

template <class T>
void gemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k, T alpha,
          const T* a, int lda, const T* b, int ldb, T beta, T* c, int ldc) {
    const bool ta = trans_a != CblasNoTrans, tb = trans_b != CblasNoTrans;
    if (order == CblasRowMajor) {
        gemm_row_major(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    } else {   // column-major C = op(A) op(B) is row-major Cᵀ = op(B)ᵀ op(A)ᵀ: the same terms, same order
        gemm_row_major(tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc);
    }
}

// Column-major y := alpha * op(A) x + beta * y for A (m, n) with leading dimension lda (Netlib's dgemv).
template <class T>
void gemv_col_major(bool trans, int m, int n, T alpha, const T* a, int lda, const T* x, int incx, T beta, T* y,
                    int incy) {
    const int leny = trans ? n : m, lenx = trans ? m : n;
    const std::ptrdiff_t kx = incx > 0 ? 0 : -static_cast<std::ptrdiff_t>(lenx - 1) * incx;
    const std::ptrdiff_t ky = incy > 0 ? 0 : -static_cast<std::ptrdiff_t>(leny - 1) * incy;
    for (int i = 0; i < leny; ++i) {
        T& yi = y[ky + static_cast<std::ptrdiff_t>(i) * incy];
        yi = beta == T(0) ? T(0) : (beta == T(1) ? yi : beta * yi);
    }
    if (alpha == T(0)) return;
    for (int j = 0; j < n; ++j) {
        const T* aj = a + static_cast<std::ptrdiff_t>(j) * lda;
        if (!trans) {
            const T t = alpha * x[kx + static_cast<std::ptrdiff_t>(j) * incx];
            for (int i = 0; i < m; ++i) y[ky + static_cast<std::ptrdiff_t>(i) * incy] += t * aj[i];
        } else {
            T t = 0;
            for (int i = 0; i < m; ++i) t += aj[i] * x[kx + static_cast<std::ptrdiff_t>(i) * incx];
            y[ky + static_cast<std::ptrdiff_t>(j) * incy] += alpha * t;
        }
    }
}

template <class T>
void gemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, T alpha, const T* a, int lda, const T* x,
          int incx, T beta, T* y, int incy) {
    const bool t = trans != CblasNoTrans;
    if (order == CblasColMajor) {
        gemv_col_major(t, m, n, alpha, a, lda, x, incx, beta, y, incy);
    } else {   // row-major A (m, n) is column-major Aᵀ (n, m): flip the transpose (as OpenBLAS's cblas does)
        gemv_col_major(!t, n, m, alpha, a, lda, x, incx, beta, y, incy);
    }
}

}  // namespace

extern "C" {

double cblas_ddot(int n, const double* x, int incx, const double* y, int incy) {
    double s = 0.0;
    if (n <= 0) return s;
    std::ptrdiff_t ix = incx > 0 ? 0 : -static_cast<std::ptrdiff_t>(n - 1) * incx;
    std::ptrdiff_t iy = incy > 0 ? 0 : -static_cast<std::ptrdiff_t>(n - 1) * incy;
    for (int i = 0; i < n; ++i, ix += incx, iy += incy) s += x[ix] * y[iy];
    return s;
}

void cblas_dgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, double alpha, const double* a, int lda,
                 const double* x, int incx, double beta, double* y, int incy) {
    gemv(order, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

void cblas_dgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
                 double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c, int ldc) {
    gemm(order, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

void cblas_sgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, float alpha, const float* a, int lda,
                 const float* x, int incx, float beta, float* y, int incy) {
    gemv(order, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

void cblas_sgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
                 float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c, int ldc) {
    gemm(order, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// What attn asks of OpenBLAS's threads (core/blas_threads.cpp): one thread, nothing to start.
void openblas_set_num_threads(int) {}
int openblas_get_num_threads(void) { return 1; }

}  // extern "C"
