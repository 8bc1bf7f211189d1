/* The part of the CBLAS interface attn calls (src/core/numpy_ops.cpp, src/core/torch32/ops.cpp),
 * for the WebAssembly build, where OpenBLAS is not linked: blas_loops.cpp implements it in the
 * reference BLAS's order of operations (docs/web.md, "The BLAS in the browser"). Same names and
 * types as OpenBLAS's cblas.h, so the core compiles unchanged. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

typedef enum CBLAS_ORDER { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_ORDER;
typedef enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 } CBLAS_TRANSPOSE;
typedef CBLAS_ORDER CBLAS_LAYOUT;

double cblas_ddot(int n, const double* x, int incx, const double* y, int incy);
void cblas_dgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, double alpha, const double* a,
                 int lda, const double* x, int incx, double beta, double* y, int incy);
void cblas_dgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
                 double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c,
                 int ldc);
void cblas_sgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, float alpha, const float* a,
                 int lda, const float* x, int incx, float beta, float* y, int incy);
void cblas_sgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
                 float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c,
                 int ldc);

#ifdef __cplusplus
}
#endif
