// Port of numpy/core/arrayprint.py (1.24.2) _leading_trailing / _formatArray / _extendLine for
// legacy=False: separator ' ' with prefix '' (str) or ', ' with prefix 'array(' (repr).
#include "print/array_layout.hpp"

#include <algorithm>

namespace attn::print::detail {
namespace {

std::vector<std::size_t> c_strides(const std::vector<std::size_t>& shape) {
    std::vector<std::size_t> strides(shape.size(), 1);
    for (std::size_t k = shape.size(); k-- > 1;) strides[k - 1] = strides[k] * shape[k];
    return strides;
}

// Indices of one axis that are shown, in order.
std::vector<std::size_t> axis_items(std::size_t n, bool summarise, std::size_t edgeitems) {
    std::vector<std::size_t> items;
    if (summarise && 2 * edgeitems < n) {
        for (std::size_t i = 0; i < edgeitems; ++i) items.push_back(i);
        for (std::size_t i = n - edgeitems; i < n; ++i) items.push_back(i);
    } else {
        for (std::size_t i = 0; i < n; ++i) items.push_back(i);
    }
    return items;
}

void collect(const std::vector<std::size_t>& shape, const std::vector<std::size_t>& strides,
             std::size_t axis, std::size_t offset, bool summarise, std::size_t edgeitems,
             std::vector<std::size_t>& out) {
    if (axis == shape.size()) {
        out.push_back(offset);
        return;
    }
    for (std::size_t i : axis_items(shape[axis], summarise, edgeitems))
        collect(shape, strides, axis + 1, offset + i * strides[axis], summarise, edgeitems, out);
}

std::string rstrip(const std::string& s) {
    std::size_t end = s.find_last_not_of(" \t\n");
    return end == std::string::npos ? std::string() : s.substr(0, end + 1);
}

// _extendLine (legacy > 113)
void extend_line(std::string& s, std::string& line, const std::string& word, int line_width,
                 const std::string& next_line_prefix) {
    bool needs_wrap = static_cast<long>(line.size() + word.size()) > line_width;
    if (line.size() <= next_line_prefix.size()) needs_wrap = false;
    if (needs_wrap) {
        s += rstrip(line);
        s += '\n';
        line = next_line_prefix;
    }
    line += word;
}

struct Formatter {
    const std::vector<std::size_t>& shape;
    std::vector<std::size_t> strides;
    const std::function<std::string(std::size_t)>& element;
    bool summarise;
    std::size_t edgeitems;
    std::string separator;   // between elements of the last axis
    std::string row_end;     // separator.rstrip(): after each sub-array before the newlines

    std::string block(std::size_t axis, std::size_t offset, const std::string& hang,
                      int width) const {
        if (axis == shape.size()) return element(offset);
        const std::string next_hang = hang + " ";
        const int next_width = width - 1;  // room for ']'
        const std::size_t n = shape[axis];
        const std::size_t axes_left = shape.size() - axis;
        const bool show_summary = summarise && 2 * edgeitems < n;
        const std::size_t leading = show_summary ? edgeitems : 0;
        const std::size_t trailing = show_summary ? edgeitems : n;
        auto sub = [&](std::size_t i) {
            return block(axis + 1, offset + i * strides[axis], next_hang, next_width);
        };

        std::string s;
        if (axes_left == 1) {
            // max(len(separator.rstrip()), len(']')): both separators rstrip to 0 or 1 character
            const int elem_width = width - static_cast<int>(std::max<std::size_t>(row_end.size(), 1));
            std::string line = hang;
            for (std::size_t i = 0; i < leading; ++i) {
                extend_line(s, line, sub(i), elem_width, hang);
                line += separator;
            }
            if (show_summary) {
                extend_line(s, line, "...", elem_width, hang);
                line += separator;
            }
            for (std::size_t k = trailing; k > 1; --k) {
                extend_line(s, line, sub(n - k), elem_width, hang);
                line += separator;
            }
            extend_line(s, line, sub(n - 1), elem_width, hang);
            s += line;
        } else {
            const std::string line_sep = row_end + std::string(axes_left - 1, '\n');
            for (std::size_t i = 0; i < leading; ++i) s += hang + sub(i) + line_sep;
            if (show_summary) s += hang + "..." + line_sep;
            for (std::size_t k = trailing; k > 1; --k) s += hang + sub(n - k) + line_sep;
            s += hang + sub(n - 1);
        }
        return "[" + s.substr(hang.size()) + "]";
    }
};

}  // namespace

std::size_t element_count(const std::vector<std::size_t>& shape) {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

bool is_summarised(const std::vector<std::size_t>& shape, std::size_t threshold) {
    return element_count(shape) > threshold;
}

std::vector<std::size_t> shown_indices(const std::vector<std::size_t>& shape, bool summarise,
                                       std::size_t edgeitems) {
    std::vector<std::size_t> out;
    if (element_count(shape) == 0) return out;
    collect(shape, c_strides(shape), 0, 0, summarise, edgeitems, out);
    return out;
}

std::string layout_array(const std::vector<std::size_t>& shape,
                         const std::function<std::string(std::size_t)>& element, bool summarise,
                         std::size_t edgeitems, int linewidth, const std::string& separator,
                         const std::string& next_line_prefix) {
    Formatter f{shape, c_strides(shape), element, summarise, edgeitems, separator,
                rstrip(separator)};
    return f.block(0, 0, next_line_prefix, linewidth);
}

}  // namespace attn::print::detail
