#pragma once
// NumPy 1.24 `str(ndarray)`: float64, int64 and bool arrays under np.set_printoptions
// (docs/spec/numpy-printing.md §1). Pure text; no xtensor, no core.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attn::print {

enum class FloatMode { maxprec, fixed, maxprec_equal, unique };

struct PrintOptions {
    int precision = 8;
    bool suppress = false;
    FloatMode floatmode = FloatMode::maxprec;
    int linewidth = 75;
    std::size_t threshold = 1000;
    std::size_t edgeitems = 3;
};

// str(A) for a float64 array of the given shape, values in C order (values.size() == product).
// An empty shape {} is a 0-d array and prints like the scalar (repr).
std::string array_str(const std::vector<double>& values, const std::vector<std::size_t>& shape,
                      const PrintOptions& options = {});
std::string int_array_str(const std::vector<std::int64_t>& values,
                          const std::vector<std::size_t>& shape, const PrintOptions& options = {});
std::string bool_array_str(const std::vector<bool>& values, const std::vector<std::size_t>& shape,
                           const PrintOptions& options = {});

namespace detail {
// array2string's body for a float64 array of ndim >= 1 and size > 0: the fill-then-format pass of
// FloatingFormat and _formatArray with the given separator and next-line prefix. str() passes
// " " and " "; repr() (numpy_repr.cpp) passes ", " and the width of "array([".
std::string float_array_body(const std::vector<double>& values,
                             const std::vector<std::size_t>& shape, const PrintOptions& options,
                             const std::string& separator, const std::string& next_line_prefix);
}  // namespace detail

}  // namespace attn::print
