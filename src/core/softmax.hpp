#pragma once
// softmax in NumPy's order of operations (sections 3 and 4):
//   vector:  e = exp(v - max v); e / e.sum()            (pairwise sum)
//   columns: E = exp(S - S.max(axis=0, keepdims=True)); E / E.sum(axis=0, keepdims=True)
// The column kernels work on raw C-ordered (rows, cols) buffers so that attention can run them
// in place on its (N, N) scores, with the reductions stored in named vectors before use.
#include <cstddef>
#include <vector>

namespace attn::core {

std::vector<double> softmax(const std::vector<double>& v);

// S.max(axis=0) into col_max (cols,). NaN propagates, as np.maximum's does.
void column_max(const double* s, std::size_t rows, std::size_t cols, std::vector<double>& col_max);

// The scores' pass after KᵀQ (N, N), in place: S / sqrt(Dq) (a division, as NumPy's
// `/ np.sqrt(Dq)`), then np.where(mask, S, -inf) when a mask is given (mask[m*n + c]: input m
// may feed output c), then the column max of the result into col_max.
void scale_mask_column_max(double* s, std::size_t n, double sqrt_dq,
                           const std::vector<bool>* mask, std::vector<double>& col_max);

// A = E / E.sum(axis=0) with E = exp(S - col_max), from s into a (a may equal s: in place).
// E.sum(axis=0) adds whole rows one after another from 0, so the sums build up row by row as E
// is made; a single column is one pairwise reduction instead, as NumPy reduces a (rows, 1).
void exp_normalise_columns(const double* s, double* a, std::size_t rows, std::size_t cols,
                           const std::vector<double>& col_max, std::vector<double>& sums);

}  // namespace attn::core
