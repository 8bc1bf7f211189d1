// numpy/core/arrayprint.py (1.24.2) _array_repr_implementation and array2string's prefix/suffix
// handling, for float64 arrays with size > 0.
#include "print/numpy_repr.hpp"

namespace attn::print {

std::string array_repr(const std::vector<double>& values, const std::vector<std::size_t>& shape,
                       const PrintOptions& options) {
    const std::string prefix = "array(";
    const std::string suffix = ")";
    PrintOptions narrowed = options;
    narrowed.linewidth -= static_cast<int>(suffix.size());   // array2string: linewidth -= len(suffix)
    // _array2string: next_line_prefix = " " (skips "[") + " " * len(prefix) (skips "array(").
    const std::string next_line_prefix = " " + std::string(prefix.size(), ' ');
    return prefix + detail::float_array_body(values, shape, narrowed, ", ", next_line_prefix) +
           suffix;
}

std::string list_repr(const std::vector<std::string>& item_reprs) {
    std::string out = "[";
    for (std::size_t i = 0; i < item_reprs.size(); ++i) {
        if (i) out += ", ";
        out += item_reprs[i];
    }
    return out + "]";
}

}  // namespace attn::print
