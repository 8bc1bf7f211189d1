#include "core/softmax.hpp"

#include <algorithm>
#include <cmath>

#include "core/numpy_ops.hpp"

namespace attn::core {

std::vector<double> softmax(const std::vector<double>& v) {
    const double top = *std::max_element(v.begin(), v.end());   // stability only
    std::vector<double> e(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) e[i] = std::exp(v[i] - top);
    const double total = numpy_sum(e.data(), e.size());
    for (double& x : e) x /= total;
    return e;
}

}  // namespace attn::core
