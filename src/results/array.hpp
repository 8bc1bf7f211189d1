#pragma once
// Plain data that experiments hand to renderers: no xtensor, no core, no printing.
#include <cstddef>
#include <vector>

namespace attn::results {

// A float64 array in C order, as NumPy would hold it: shape {} is a scalar, {n} a vector.
struct Array {
    std::vector<std::size_t> shape;
    std::vector<double> values;
};

using Shape = std::vector<std::size_t>;

}  // namespace attn::results
