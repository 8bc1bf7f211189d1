#include "core/udl_softmax.hpp"


#include "core/numpy_exp.hpp"
#include "core/numpy_ops.hpp"

namespace attn::core {
namespace {

Matrix exp_of(const Matrix& s) {
    Matrix e = Matrix::from_shape({s.shape(0), s.shape(1)});
    numpy_exp(s.data(), e.data(), s.size());   // np.exp(data_in): NumPy's exp on this CPU
    return e;
}

}  // namespace

Matrix udl_softmax_cols(const Matrix& s) {
    Matrix e = exp_of(s);
    const std::vector<double> denom = sum_axis0(e);   // (N,): whole rows added in order, from 0
    for (std::size_t r = 0; r < e.shape(0); ++r) {
        for (std::size_t c = 0; c < e.shape(1); ++c) e(r, c) /= denom[c];
    }
    return e;
}

Matrix udl_softmax_rows(const Matrix& s) {
    Matrix e = exp_of(s);
    const std::vector<double> denom = sum_axis1(e);   // (N,): pairwise along each row
    for (std::size_t r = 0; r < e.shape(0); ++r) {
        for (std::size_t c = 0; c < e.shape(1); ++c) e(r, c) /= denom[r];
    }
    return e;
}

std::vector<double> udl_softmax_list(const std::vector<double>& s) {
    // np.exp(item) one item at a time: NumPy's exp on this CPU, the same bits as on an array.
    std::vector<double> e(s.size());
    numpy_exp(s.data(), e.data(), s.size());
    double denom = 0.0;                      // the notebook's `denom = 0`, then denom + exp(item)
    for (double x : e) denom = denom + x;
    std::vector<double> out;
    out.reserve(s.size());
    for (double x : e) out.push_back(x / denom);
    return out;
}

}  // namespace attn::core
