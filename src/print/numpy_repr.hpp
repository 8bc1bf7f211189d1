#pragma once
// NumPy 1.24 `repr(ndarray)` for float64 arrays, and Python's repr of a list of them, as
// `print(all_x)` shows in the UDL notebook 12.1: "[array([[ 1.78862847],\n       [ …]]), …]".
#include <cstddef>
#include <string>
#include <vector>

#include "print/numpy_array.hpp"

namespace attn::print {

// repr(A) for a float64 array (ndim >= 1, size > 0): "array(" + array2string(A, separator=", ",
// prefix="array(", suffix=")") + ")", the line width reduced by len(")"). float64 is the default
// dtype, so no ", dtype=…" follows.
std::string array_repr(const std::vector<double>& values, const std::vector<std::size_t>& shape,
                       const PrintOptions& options = {});

// repr(list): "[" + ", ".join(item reprs) + "]". Each item is formatted on its own (its own
// widths), as Python calls repr on each element.
std::string list_repr(const std::vector<std::string>& item_reprs);

}  // namespace attn::print
