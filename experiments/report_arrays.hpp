#pragma once
// core::Matrix -> results::Array: what the experiments hand to the renderers (plain data).
#include <cstddef>

#include "core/matrix.hpp"
#include "results/array.hpp"

namespace attn::experiments {

results::Array to_array(const core::Matrix& m);
results::Array column_of(const core::Matrix& m, std::size_t column);   // m[:, column]
results::Array column_of(const results::Array& m, std::size_t column);  // of a (rows, cols) array

}  // namespace attn::experiments
