#pragma once
// The one matrix type of the numeric core. Only xtensor/xtensor.hpp here: xmath, xview and
// xtensor-blas stay in core .cpp files so that including this header stays cheap.
#include <xtensor/xtensor.hpp>

namespace attn::core {

// Row-major (C order) float64 matrix, as NumPy stores the chapter's arrays.
using Matrix = xt::xtensor<double, 2>;
using Vector = xt::xtensor<double, 1>;

}  // namespace attn::core
