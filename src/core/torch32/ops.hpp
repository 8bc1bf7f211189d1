#pragma once
// float32 arithmetic of the companion lesson (`attn lesson`, ../shared/reference/lesson.py), as
// PyTorch 1.13 runs it on the CPU. The lesson writes tensors the PyTorch way: rows are positions,
// x is (T, d), scores are q @ k.T (T, T) and softmax normalises each ROW (dim=-1). That is the
// transpose of the chapter's (D, N) convention in core/attention.hpp, kept on purpose so that
// code and lesson read alike. Plain loops over std::vector<float>; no xtensor here.
#include <cstddef>
#include <vector>

namespace attn::core::torch32 {

// A row-major float32 matrix (a contiguous 2-D torch tensor). Element (r, c) is data[r*cols + c].
struct Tensor32 {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<float> data;

    Tensor32() = default;
    Tensor32(std::size_t r, std::size_t c, float fill = 0.0f) : rows(r), cols(c), data(r * c, fill) {}
    Tensor32(std::size_t r, std::size_t c, std::vector<float> values);   // values.size() == r*c

    float& operator()(std::size_t r, std::size_t c) { return data[r * cols + c]; }
    float operator()(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
    std::vector<float> row(std::size_t r) const;
};

// ---- products: OpenBLAS sgemm/sgemv, the library Debian's torch calls for mm/mv --------------
// a @ b: (m, k) @ (k, n) -> (m, n).
Tensor32 matmul(const Tensor32& a, const Tensor32& b);
// a @ b.T: (m, k) @ (n, k)ᵀ -> (m, n); torch passes the transposed view to BLAS with a flag.
Tensor32 matmul_transposed(const Tensor32& a, const Tensor32& b);
// a @ v: (m, k) @ (k,) -> (m,).
std::vector<float> matvec(const Tensor32& a, const std::vector<float>& v);

// ---- elementwise (a Python scalar operand is rounded to float32 first, as torch does) --------
Tensor32 divide(const Tensor32& a, double s);                     // a / s
std::vector<float> scale(const std::vector<float>& v, double s);   // v * s
Tensor32 multiply(const Tensor32& a, const Tensor32& b);           // a * b, same shapes

// ---- masks -----------------------------------------------------------------------------------
// torch.ones(n, n, dtype=bool).tril(): keep(r, c) = c <= r (position r sees itself and earlier).
std::vector<bool> tril_mask(std::size_t n);
// s.masked_fill(~keep, value): entries not kept become `value` (-inf before a softmax).
Tensor32 masked_fill_not(const Tensor32& s, const std::vector<bool>& keep, float value);

// ---- reductions ------------------------------------------------------------------------------
// softmax over each row (F.softmax(s, dim=-1)), as torch's _vec_softmax_lastdim on its AVX2
// kernels: m = max of the row; e = exp(s - m) with SLEEF's expf_u10 (not the C library's expf,
// which differs in the last bit for ~1 input in 10); sum e in torch's 8-lane order (left to
// right for rows shorter than 8, every row of the lesson); multiply by 1/sum. torch's bits for
// any width (tests/data/torch/float32_ops.txt). A row of only -inf gives NaN, as in torch.
Tensor32 softmax_rows(const Tensor32& s);
std::vector<float> softmax(const std::vector<float>& v);

// s.sum(dim=1, keepdim=True) and s.sum(dim=-1): torch's float32 cascade sum, in its order (8-lane
// vectors into 4 accumulators with chunked levels; see ops.cpp), so the bits are torch's;
// the exact sum rounded once differs in the last bit for about half of all rows.
std::vector<float> row_sums(const Tensor32& s);
// a / a.sum(dim=1, keepdim=True): each row divided by its own sum.
Tensor32 normalise_rows(const Tensor32& a);
// s.max(dim=-1).values.
std::vector<float> row_max(const Tensor32& s);
// t[:k].mean(dim=0): the mean of the first k rows, column by column (rows added in order).
std::vector<float> mean_of_first_rows(const Tensor32& t, std::size_t k);
// v.mean(): torch's float32 cascade sum (as row_sums) divided by n in float32 (sum().div_(n)).
float mean(const std::vector<float>& v);
// v.std() (n - 1 divisor) as torch's std_var_all_cpu: the float32 mean, then Σ (x - mean)² in
// double, sqrt, rounded to float32.
float std_unbiased(const std::vector<float>& v);

// ---- comparisons -----------------------------------------------------------------------------
// torch.allclose(a, b): |a - b| <= atol + rtol * |b| for every pair (NaN never close).
bool allclose(const std::vector<float>& a, const std::vector<float>& b, double rtol = 1e-5,
              double atol = 1e-8);
// (a - b).abs().max(): the difference is rounded to float32 first, as torch computes it.
float max_abs_diff(const Tensor32& a, const Tensor32& b);

}  // namespace attn::core::torch32
