#pragma once
// Matrices drawn from the NumPy-compatible stream: rng.normal(loc, scale, (rows, cols)).
#include <cstddef>

#include "core/matrix.hpp"
#include "rng/numpy_generator.hpp"

namespace attn::core {

// rng.normal(loc, scale, (rows, cols)): element (r, c) is draw r*cols + c (C order).
Matrix normal_matrix(rng::NumpyGenerator& rng, double loc, double scale, std::size_t rows,
                     std::size_t cols);

}  // namespace attn::core
