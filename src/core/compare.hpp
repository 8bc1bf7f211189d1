#pragma once
// Comparisons and rearrangements the experiments need, as NumPy does them.
#include <cstddef>
#include <vector>

#include "core/matrix.hpp"

namespace attn::core {

// np.allclose(a, b): every |a - b| <= atol + rtol * |b| (NaN never close; equal infinities are).
bool allclose(const Matrix& a, const Matrix& b, double rtol = 1e-5, double atol = 1e-8);

// X[:, perm]: column j of the result is column perm[j] of x.
Matrix permute_columns(const Matrix& x, const std::vector<std::size_t>& perm);

}  // namespace attn::core
