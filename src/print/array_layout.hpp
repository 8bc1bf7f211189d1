#pragma once
// Layout half of NumPy's str(ndarray) and repr(ndarray) (docs/spec/numpy-printing.md §1.1, §1.6): which
// elements are shown, and brackets / separators / line wrapping around already formatted,
// equal-width element strings. Knows nothing about numbers.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace attn::print::detail {

std::size_t element_count(const std::vector<std::size_t>& shape);

// True when str(A) summarises: size > threshold (strictly).
bool is_summarised(const std::vector<std::size_t>& shape, std::size_t threshold);

// Flat C-order indices of the shown elements: all of them, or, when `summarise`, only the first
// and last `edgeitems` of every axis longer than 2*edgeitems.
std::vector<std::size_t> shown_indices(const std::vector<std::size_t>& shape, bool summarise,
                                       std::size_t edgeitems);

// NumPy's _formatArray; `element(flat)` returns the text of one shown element. shape must be
// non-empty with no zero dimension. str() uses separator " " and next_line_prefix " " (the
// width of "["); repr() uses ", " and "       " (the width of "array([").
std::string layout_array(const std::vector<std::size_t>& shape,
                         const std::function<std::string(std::size_t)>& element, bool summarise,
                         std::size_t edgeitems, int linewidth, const std::string& separator = " ",
                         const std::string& next_line_prefix = " ");

}  // namespace attn::print::detail
