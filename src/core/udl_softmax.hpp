#pragma once
// The softmaxes of the UDL notebooks 12.1 and 12.2, written as the notebooks write them: no
// column max is subtracted (unlike core/attention.hpp's softmax_cols), so a large score overflows
// exp to inf and its column turns into nan, exactly as it does in the notebook.
#include <vector>

#include "core/matrix.hpp"

namespace attn::core {

// 12.2's softmax_cols: E = exp(S); E / E.sum(axis=0)  (S: (N, N), each column sums to 1).
Matrix udl_softmax_cols(const Matrix& s);
// The mistake "softmax-rows": E / E.sum(axis=1)[:, np.newaxis]  (each row sums to 1).
Matrix udl_softmax_rows(const Matrix& s);
// 12.1's softmax over a list of scalars k_m·q_n: denom = 0 + exp(s_0) + exp(s_1) + … in list
// order (a running sum, not NumPy's pairwise sum), then exp(s_m) / denom.
std::vector<double> udl_softmax_list(const std::vector<double>& s);

}  // namespace attn::core
