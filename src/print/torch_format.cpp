// torch/_tensor_str.py (PyTorch 1.13) for float tensors: _Formatter, _vector_str,
// _tensor_str_with_formatter, get_summarized_data, _str_intern's "tensor(" prefix and the
// empty-tensor size suffix. Python's repr(str) and dict printing beside it.
#include "print/torch_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>

#include "print/python_format.hpp"
#include "text/utf8.hpp"

namespace attn::print {
namespace {

std::size_t product(const std::vector<std::size_t>& shape) {
    std::size_t n = 1;
    for (std::size_t s : shape) n *= s;
    return n;
}

std::string spaces(std::size_t n) { return std::string(n, ' '); }

// The text length Python's len() sees: code points, not bytes.
std::size_t py_len(const std::string& s) { return text::code_points(s); }

// _Formatter for a floating tensor.
class Formatter {
public:
    Formatter(const std::vector<double>& values, const TorchPrintOptions& o) : precision_(o.precision) {
        std::vector<double> nonzero_finite;
        for (double v : values) {
            if (std::isfinite(v) && v != 0.0) nonzero_finite.push_back(v);
        }
        if (!nonzero_finite.empty()) {
            double lo = std::fabs(nonzero_finite[0]), hi = lo;
            for (double v : nonzero_finite) {
                lo = std::min(lo, std::fabs(v));
                hi = std::max(hi, std::fabs(v));
            }
            int_mode_ = std::all_of(nonzero_finite.begin(), nonzero_finite.end(),
                                    [](double v) { return v == std::ceil(v); });
            const std::string sci = "." + std::to_string(precision_) + "e";
            const std::string fixed = "." + std::to_string(precision_) + "f";
            if (int_mode_) {
                if (hi / lo > 1000.0 || hi > 1.0e8) {
                    sci_mode_ = true;
                    for (double v : nonzero_finite) grow(py_format(v, sci).size());
                } else {
                    for (double v : nonzero_finite) grow(py_format(v, ".0f").size() + 1);
                }
            } else if (hi / lo > 1000.0 || hi > 1.0e8 || lo < 1.0e-4) {
                sci_mode_ = true;
                for (double v : nonzero_finite) grow(py_format(v, sci).size());
            } else {
                for (double v : nonzero_finite) grow(py_format(v, fixed).size());
            }
        }
        if (o.sci_mode) sci_mode_ = *o.sci_mode;
    }

    std::size_t width() const { return max_width_; }

    std::string format(double v) const {
        std::string ret;
        if (sci_mode_) {
            ret = py_format(v, std::to_string(max_width_) + "." + std::to_string(precision_) + "e");
        } else if (int_mode_) {
            ret = py_format(v, ".0f");
            if (std::isfinite(v)) ret += ".";
        } else {
            ret = py_format(v, "." + std::to_string(precision_) + "f");
        }
        return ret.size() < max_width_ ? spaces(max_width_ - ret.size()) + ret : ret;
    }

private:
    void grow(std::size_t w) { max_width_ = std::max(max_width_, w); }

    int precision_;
    bool int_mode_ = true;
    bool sci_mode_ = false;
    std::size_t max_width_ = 1;
};

// A view of one sub-tensor: the flat offset of its first element and its shape.
struct View {
    const std::vector<double>* values;
    std::size_t offset;
    std::vector<std::size_t> shape;

    std::size_t stride0() const {
        std::size_t s = 1;
        for (std::size_t i = 1; i < shape.size(); ++i) s *= shape[i];
        return s;
    }
    View sub(std::size_t i) const {
        return {values, offset + i * stride0(), std::vector<std::size_t>(shape.begin() + 1, shape.end())};
    }
};

// get_summarized_data, flattened: the values the formatter looks at when summarising.
void summarized_values(const View& v, const TorchPrintOptions& o, std::vector<double>& out) {
    if (v.shape.empty()) {
        out.push_back((*v.values)[v.offset]);
        return;
    }
    const std::size_t n = v.shape[0];
    std::vector<std::size_t> rows;
    if (n > 2 * o.edgeitems) {
        for (std::size_t i = 0; i < o.edgeitems; ++i) rows.push_back(i);
        for (std::size_t i = n - o.edgeitems; i < n; ++i) rows.push_back(i);
    } else {
        for (std::size_t i = 0; i < n; ++i) rows.push_back(i);
    }
    for (std::size_t i : rows) summarized_values(v.sub(i), o, out);
}

std::string vector_str(const View& v, std::size_t indent, bool summarize, const Formatter& f,
                       const TorchPrintOptions& o) {
    const std::size_t element_length = f.width() + 2;
    const long room = static_cast<long>(o.linewidth) - static_cast<long>(indent);
    // max(1, int(math.floor((linewidth - indent) / element_length)))
    const long per_line_raw = static_cast<long>(
        std::floor(static_cast<double>(room) / static_cast<double>(element_length)));
    const std::size_t per_line = static_cast<std::size_t>(std::max(1L, per_line_raw));
    const std::size_t n = v.shape[0];
    std::vector<std::string> data;
    const auto value = [&](std::size_t i) { return f.format((*v.values)[v.offset + i]); };
    if (summarize && n > 2 * o.edgeitems) {
        for (std::size_t i = 0; i < o.edgeitems; ++i) data.push_back(value(i));
        data.push_back(" ...");
        for (std::size_t i = n - o.edgeitems; i < n; ++i) data.push_back(value(i));
    } else {
        for (std::size_t i = 0; i < n; ++i) data.push_back(value(i));
    }
    std::string out = "[";
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (i > 0) out += (i % per_line == 0) ? ",\n" + spaces(indent + 1) : ", ";
        out += data[i];
    }
    return out + "]";
}

std::string tensor_str_with_formatter(const View& v, std::size_t indent, bool summarize,
                                      const Formatter& f, const TorchPrintOptions& o) {
    const std::size_t dim = v.shape.size();
    if (dim == 0) return f.format((*v.values)[v.offset]);
    if (dim == 1) return vector_str(v, indent, summarize, f, o);
    const std::size_t n = v.shape[0];
    std::vector<std::string> slices;
    if (summarize && n > 2 * o.edgeitems) {
        for (std::size_t i = 0; i < o.edgeitems; ++i)
            slices.push_back(tensor_str_with_formatter(v.sub(i), indent + 1, summarize, f, o));
        slices.push_back("...");
        for (std::size_t i = n - o.edgeitems; i < n; ++i)
            slices.push_back(tensor_str_with_formatter(v.sub(i), indent + 1, summarize, f, o));
    } else {
        for (std::size_t i = 0; i < n; ++i)
            slices.push_back(tensor_str_with_formatter(v.sub(i), indent + 1, summarize, f, o));
    }
    const std::string sep = "," + std::string(dim - 1, '\n') + spaces(indent + 1);
    std::string out = "[";
    for (std::size_t i = 0; i < slices.size(); ++i) {
        if (i > 0) out += sep;
        out += slices[i];
    }
    return out + "]";
}

// _add_suffixes with one suffix (the empty tensor's size=...).
std::string add_suffix(const std::string& text, const std::string& suffix, std::size_t indent,
                       int linewidth) {
    // last_line_len = len(tensor_str) - tensor_str.rfind("\n") + 1, with rfind -1 when absent
    const std::size_t newline = text.rfind('\n');
    const long rfind = newline == std::string::npos ? -1L : static_cast<long>(py_len(text.substr(0, newline)));
    const long last_line_len = static_cast<long>(py_len(text)) - rfind + 1;
    if (last_line_len + static_cast<long>(py_len(suffix)) + 2 > linewidth) {
        return text + ",\n" + spaces(indent) + suffix + ")";
    }
    return text + ", " + suffix + ")";
}

}  // namespace

std::string torch_tensor_str(const std::vector<double>& values,
                             const std::vector<std::size_t>& shape,
                             const TorchPrintOptions& options) {
    if (values.size() != product(shape)) {
        throw std::invalid_argument("torch_tensor_str: values do not fill the shape");
    }
    const std::string prefix = "tensor(";
    const std::size_t indent = prefix.size();
    if (values.empty()) {
        std::string text = prefix + "[]";
        if (shape.size() != 1) return add_suffix(text, "size=" + py_tuple(shape), indent, options.linewidth);
        return text + ")";
    }
    const View whole{&values, 0, shape};
    const bool summarize = values.size() > options.threshold;
    std::vector<double> looked_at;
    if (summarize) summarized_values(whole, options, looked_at);
    const Formatter f(summarize ? looked_at : values, options);
    return prefix + tensor_str_with_formatter(whole, indent, summarize, f, options) + ")";
}

std::string py_str_repr(std::string_view s) {
    const bool has_single = s.find('\'') != std::string_view::npos;
    const bool has_double = s.find('"') != std::string_view::npos;
    const char quote = (has_single && !has_double) ? '"' : '\'';
    std::string out(1, quote);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == static_cast<unsigned char>(quote) || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else if (const text::CodePoint p = text::decode(s, i);
                   p.length == 2 && (p.value <= 0xA0 || p.value == 0xAD)) {
            // U+0080..U+009F (C1 controls), U+00A0 (no-break space) and U+00AD (soft hyphen)
            // are not printable for Python.
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(p.value));
            out += buf;
            ++i;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + quote;
}

std::string py_dict_str_float(const std::vector<std::string>& keys,
                              const std::vector<double>& values) {
    if (keys.size() != values.size()) {
        throw std::invalid_argument("py_dict_str_float: keys and values differ in number");
    }
    // A repeated key keeps its first place and takes the later value, as a dict comprehension.
    std::vector<std::string> order;
    std::vector<double> latest;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto at = std::find(order.begin(), order.end(), keys[i]);
        if (at == order.end()) {
            order.push_back(keys[i]);
            latest.push_back(values[i]);
        } else {
            latest[static_cast<std::size_t>(at - order.begin())] = values[i];
        }
    }
    std::string out = "{";
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i > 0) out += ", ";
        out += py_str_repr(order[i]) + ": " + py_repr(latest[i]);
    }
    return out + "}";
}

}  // namespace attn::print
