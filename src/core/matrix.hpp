#pragma once
// The one matrix type of the numeric core: an xtensor container (shape, C-order storage). The
// core computes on it with its own loops and OpenBLAS calls in NumPy's order of operations, not
// with xtensor expressions (docs/architecture.md says why). Only xtensor/xtensor.hpp here.
#include <xtensor/xtensor.hpp>

namespace attn::core {

// Row-major (C order) float64 matrix, as NumPy stores the chapter's arrays.
using Matrix = xt::xtensor<double, 2>;
using Vector = xt::xtensor<double, 1>;

}  // namespace attn::core
