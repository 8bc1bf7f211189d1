// The WebAssembly build's BLAS (src/wasm/blas_loops.cpp) against its definition: every element of
// every product is the sequential sum over the inner index, from 0, one multiply and one add per
// term (Netlib's reference order), for each layout and transpose attn's calls can take; and the
// same operand read through a transpose flag or as a copy gives the same bits. Built and run by
// the WebAssembly build's tests (cmake/wasm.cmake, wasm_unit_blas).
#include <doctest/doctest.h>

#include <cblas.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

// Values with long mantissas, so that a different order of addition shows in the last bits.
template <class T>
std::vector<T> values(std::size_t n, std::uint64_t seed) {
    std::vector<T> v(n);
    std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (auto& x : v) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        x = static_cast<T>(static_cast<double>(s >> 11) / 9007199254740992.0 * 2.0 - 1.0) * T(3);
    }
    return v;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// C (m, p) row-major = A (m, n) @ B (n, p), each element summed in order from 0.
template <class T>
std::vector<T> defined_product(const std::vector<T>& a, const std::vector<T>& b, int m, int n, int p) {
    std::vector<T> c(static_cast<std::size_t>(m) * p);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < p; ++j) {
            T s = 0;
            for (int l = 0; l < n; ++l) s += a[i * n + l] * b[l * p + j];
            c[i * p + j] = s;
        }
    return c;
}

template <class T>
std::vector<T> transposed(const std::vector<T>& a, int rows, int cols) {
    std::vector<T> t(a.size());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) t[c * rows + r] = a[r * cols + c];
    return t;
}

// The shapes: rows of C in and out of dgemm's tiles of 4 rows, columns across its tiles of 512
// (1100 = 512 + 512 + 76), inner lengths odd and even (SIMD128's lanes and their remainder).
template <class T, class Gemm>
void check_gemm(Gemm gemm) {
    for (const std::array<int, 3>& dims : std::vector<std::array<int, 3>>{{1, 1, 1}, {3, 5, 4}, {17, 64, 9}, {8, 257, 33}, {6, 3, 1100}}) {
        const int m = dims[0], n = dims[1], p = dims[2];
        const std::vector<T> a = values<T>(static_cast<std::size_t>(m) * n, 1), b = values<T>(static_cast<std::size_t>(n) * p, 2);
        const std::vector<T> want = defined_product(a, b, m, n, p);
        const std::vector<T> at = transposed(a, m, n), bt = transposed(b, n, p);
        for (int ta = 0; ta < 2; ++ta)
            for (int tb = 0; tb < 2; ++tb) {
                std::vector<T> c(want.size(), T(7));   // beta = 0 overwrites
                gemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, p, n, T(1),
                     (ta ? at : a).data(), ta ? m : n, (tb ? bt : b).data(), tb ? n : p, T(0), c.data(), p);
                CAPTURE(m); CAPTURE(n); CAPTURE(p); CAPTURE(ta); CAPTURE(tb);
                CHECK(same_bits(c, want));
                // Column-major: C^T (p, m) = B^T A^T, the same terms in the same order.
                std::vector<T> ct(want.size(), T(7));
                gemm(CblasColMajor, tb ? CblasTrans : CblasNoTrans, ta ? CblasTrans : CblasNoTrans, p, m, n, T(1),
                     (tb ? bt : b).data(), tb ? n : p, (ta ? at : a).data(), ta ? m : n, T(0), ct.data(), p);
                CHECK(same_bits(ct, want));
            }
    }
}

}  // namespace

TEST_CASE("blas_loops: dgemm and sgemm sum each element in order, every layout and transpose") {
    check_gemm<double>(cblas_dgemm);
    check_gemm<float>(cblas_sgemm);
}

TEST_CASE("blas_loops: ddot and dgemv are the same sequential sums") {
    const int m = 13, n = 131;
    const std::vector<double> a = values<double>(m * n, 3), x = values<double>(n, 4), xm = values<double>(m, 5);
    double s = 0;
    for (int i = 0; i < n; ++i) s += a[i] * x[i];
    CHECK(cblas_ddot(n, a.data(), 1, x.data(), 1) == s);
    // A @ x (row-major A): NumPy's matrix_vector call is column-major Trans over A's storage.
    const std::vector<double> want = defined_product(a, x, m, n, 1);
    std::vector<double> y(m, 9.0), y2(m, 9.0);
    cblas_dgemv(CblasColMajor, CblasTrans, n, m, 1.0, a.data(), n, x.data(), 1, 0.0, y.data(), 1);
    CHECK(same_bits(y, want));
    cblas_dgemv(CblasRowMajor, CblasNoTrans, m, n, 1.0, a.data(), n, x.data(), 1, 0.0, y2.data(), 1);
    CHECK(same_bits(y2, want));
    // x @ A (vector-matrix): A^T x.
    const std::vector<double> want_t = defined_product(transposed(a, m, n), xm, n, m, 1);
    std::vector<double> z(n, 9.0), z2(n, 9.0);
    cblas_dgemv(CblasRowMajor, CblasTrans, m, n, 1.0, a.data(), n, xm.data(), 1, 0.0, z.data(), 1);
    CHECK(same_bits(z, want_t));
    cblas_dgemv(CblasColMajor, CblasNoTrans, n, m, 1.0, a.data(), n, xm.data(), 1, 0.0, z2.data(), 1);
    CHECK(same_bits(z2, want_t));
    // Strided operands (incx = 2) and sgemv.
    std::vector<double> x2(2 * n);
    for (int i = 0; i < n; ++i) x2[2 * i] = x[i];
    CHECK(cblas_ddot(n, a.data(), 1, x2.data(), 2) == s);
    const std::vector<float> af = values<float>(m * n, 6), xf = values<float>(n, 7);
    std::vector<float> yf(m);
    cblas_sgemv(CblasRowMajor, CblasNoTrans, m, n, 1.0f, af.data(), n, xf.data(), 1, 0.0f, yf.data(), 1);
    CHECK(same_bits(yf, defined_product(af, xf, m, n, 1)));
}
