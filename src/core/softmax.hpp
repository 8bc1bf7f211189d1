#pragma once
// softmax of one vector (section 4): e = exp(v - max v); e / e.sum(), NumPy's summation order.
#include <vector>

namespace attn::core {

std::vector<double> softmax(const std::vector<double>& v);

}  // namespace attn::core
