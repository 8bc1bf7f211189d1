#pragma once
// core::Matrix -> report::Array: what the experiments hand to the renderers (plain data).
#include <cstddef>

#include "core/matrix.hpp"
#include "report/array.hpp"

namespace attn::experiments {

report::Array to_array(const core::Matrix& m);
report::Array column_of(const core::Matrix& m, std::size_t column);   // m[:, column]

}  // namespace attn::experiments
