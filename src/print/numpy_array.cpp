// str(ndarray) for float64 / int64 / bool: port of numpy/core/arrayprint.py (1.24.2) FloatingFormat,
// IntegerFormat and BoolFormat (docs/spec/numpy-printing.md §1.2–§1.5, §1.7). The layout
// lives in array_layout.cpp, the digits in float_digits.cpp.
#include "print/numpy_array.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "print/array_layout.hpp"
#include "print/float_digits.hpp"
#include "print/python_format.hpp"

namespace attn::print {
namespace {

using detail::DecimalDigits;

void check_size(std::size_t n, const std::vector<std::size_t>& shape, const char* what) {
    if (n != detail::element_count(shape))
        throw std::invalid_argument(std::string(what) + ": values.size() does not match shape");
}

std::string rjust(const std::string& s, int width) {
    if (static_cast<int>(s.size()) >= width) return s;
    return std::string(static_cast<std::size_t>(width) - s.size(), ' ') + s;
}

std::string ljust(const std::string& s, int width) {
    if (static_cast<int>(s.size()) >= width) return s;
    return s + std::string(static_cast<std::size_t>(width) - s.size(), ' ');
}

// FloatingFormat: fillFormat() over the shown values, then __call__ per element.
class FloatFormat {
public:
    FloatFormat(const std::vector<double>& shown, const PrintOptions& opt)
        : mode_(opt.floatmode), precision_(opt.precision) {
        std::vector<double> finite;
        bool has_nonfinite = false, has_neginf = false;
        for (double x : shown) {
            if (std::isfinite(x)) {
                finite.push_back(x);
            } else {
                has_nonfinite = true;
                if (std::isinf(x) && x < 0) has_neginf = true;
            }
        }
        // §1.2 notation choice
        bool any_nonzero = false;
        double max_val = 0.0, min_val = 0.0;
        for (double x : finite) {
            if (x == 0.0) continue;
            const double a = std::fabs(x);
            if (!any_nonzero) {
                max_val = min_val = a;
                any_nonzero = true;
            } else {
                max_val = std::max(max_val, a);
                min_val = std::min(min_val, a);
            }
        }
        if (any_nonzero)
            exp_format_ = max_val >= 1e8 ||
                          (!opt.suppress && (min_val < 0.0001 || max_val / min_val > 1000.0));

        if (finite.empty()) {
            pad_left_ = pad_right_ = 0;
            exp_format_ = false;
        } else if (exp_format_) {
            int exp_size = 2;
            for (double x : finite) {
                const DecimalDigits d = first_pass_sci(x);
                const int frac = mode_ == FloatMode::fixed ? precision_ : d.size() - 1;
                prec_ = std::max(prec_, frac);
                pad_left_ = std::max(pad_left_, std::signbit(x) ? 2 : 1);
                const int e = d.is_zero() ? 0 : d.decpt - 1;
                exp_size = std::max(exp_size, static_cast<int>(std::to_string(std::abs(e)).size()));
            }
            exp_size_ = exp_size;
            pad_right_ = exp_size_ + 2 + prec_;
        } else {
            for (double x : finite) {
                std::string ip, fp;
                detail::positional_parts(first_pass_pos(x),
                                         mode_ == FloatMode::fixed ? precision_ : 0, ip, fp);
                pad_left_ = std::max(pad_left_, static_cast<int>(ip.size()) + (std::signbit(x) ? 1 : 0));
                pad_right_ = std::max(pad_right_, static_cast<int>(fp.size()));
            }
        }
        if (has_nonfinite) {
            const int offset = pad_right_ + 1;
            pad_left_ = std::max({pad_left_, 3 - offset, 3 + (has_neginf ? 1 : 0) - offset});
        }
    }

    std::string operator()(double x) const {
        const int width = pad_left_ + 1 + pad_right_;
        if (!std::isfinite(x)) {
            if (std::isnan(x)) return rjust("nan", width);
            return rjust(x < 0 ? "-inf" : "inf", width);
        }
        const std::string sign = std::signbit(x) ? "-" : "";
        if (exp_format_) {
            // dragon4_scientific(precision=prec, min_digits=prec): with min_digits the digits
            // run past the shortest ones, so every mode is |x| correctly rounded to prec places.
            const DecimalDigits d = detail::sci_digits(x, prec_ + 1);
            int e = 0;
            const std::string m = detail::mantissa_text(d, prec_, e);
            std::string exp_digits = std::to_string(std::abs(e));
            if (static_cast<int>(exp_digits.size()) < exp_size_)
                exp_digits.insert(0, static_cast<std::size_t>(exp_size_) - exp_digits.size(), '0');
            // m is "d.fff": the integer part is its first character
            return rjust(sign + m.substr(0, 1), pad_left_) + m.substr(1) + "e" +
                   (e < 0 ? "-" : "+") + exp_digits;
        }
        DecimalDigits d;
        int min_frac = 0;
        switch (mode_) {
            case FloatMode::fixed:
                d = detail::fixed_digits(x, pad_right_);
                min_frac = pad_right_;
                break;
            case FloatMode::maxprec_equal:  // min_digits=R: exact digits, not zero padding
                d = detail::fixed_digits(x, pad_right_);
                min_frac = pad_right_;
                break;
            case FloatMode::maxprec:
            case FloatMode::unique:
                d = first_pass_pos(x);
                break;
        }
        std::string ip, fp;
        detail::positional_parts(d, min_frac, ip, fp);
        return rjust(sign + ip, pad_left_) + "." + ljust(fp, pad_right_);
    }

private:
    // dragon4_positional(x, precision=P, unique=(mode != fixed), trim)
    DecimalDigits first_pass_pos(double x) const {
        if (mode_ == FloatMode::fixed) return detail::fixed_digits(x, precision_);
        DecimalDigits d = detail::shortest_digits(x);
        if (mode_ != FloatMode::unique && d.frac_len() > precision_)
            d = detail::fixed_digits(x, precision_);
        return d;
    }
    // dragon4_scientific(x, precision=P, unique=(mode != fixed), trim)
    DecimalDigits first_pass_sci(double x) const {
        if (mode_ == FloatMode::fixed) return detail::sci_digits(x, precision_ + 1);
        DecimalDigits d = detail::shortest_digits(x);
        if (mode_ != FloatMode::unique && d.size() - 1 > precision_)
            d = detail::sci_digits(x, precision_ + 1);
        return d;
    }

    FloatMode mode_;
    int precision_;
    bool exp_format_ = false;
    int pad_left_ = 0;
    int pad_right_ = 0;
    int prec_ = 0;      // scientific: mantissa fraction digits
    int exp_size_ = 2;  // scientific: exponent digits
};

template <class T>
std::vector<T> gather(const std::vector<T>& values, const std::vector<std::size_t>& idx) {
    std::vector<T> out;
    out.reserve(idx.size());
    for (std::size_t i : idx) out.push_back(values[i]);
    return out;
}

}  // namespace

std::string array_str(const std::vector<double>& values, const std::vector<std::size_t>& shape,
                      const PrintOptions& options) {
    check_size(values.size(), shape, "array_str");
    if (shape.empty()) return py_repr(values.at(0));  // 0-d: the scalar, options ignored
    if (values.empty()) return "[]";
    return detail::float_array_body(values, shape, options, " ", " ");
}

std::string detail::float_array_body(const std::vector<double>& values,
                                     const std::vector<std::size_t>& shape,
                                     const PrintOptions& options, const std::string& separator,
                                     const std::string& next_line_prefix) {
    check_size(values.size(), shape, "float_array_body");
    if (shape.empty() || values.empty())
        throw std::invalid_argument("float_array_body: needs ndim >= 1 and size > 0");
    const bool summarise = detail::is_summarised(shape, options.threshold);
    const std::vector<std::size_t> idx = detail::shown_indices(shape, summarise, options.edgeitems);
    const FloatFormat format(gather(values, idx), options);
    return detail::layout_array(
        shape, [&](std::size_t i) { return format(values[i]); }, summarise, options.edgeitems,
        options.linewidth, separator, next_line_prefix);
}

std::string int_array_str(const std::vector<std::int64_t>& values,
                          const std::vector<std::size_t>& shape, const PrintOptions& options) {
    check_size(values.size(), shape, "int_array_str");
    if (shape.empty()) return std::to_string(values.at(0));
    if (values.empty()) return "[]";
    const bool summarise = detail::is_summarised(shape, options.threshold);
    const std::vector<std::int64_t> shown =
        gather(values, detail::shown_indices(shape, summarise, options.edgeitems));
    const auto [lo, hi] = std::minmax_element(shown.begin(), shown.end());
    const int width = static_cast<int>(
        std::max(std::to_string(*lo).size(), std::to_string(*hi).size()));
    return detail::layout_array(
        shape, [&](std::size_t i) { return rjust(std::to_string(values[i]), width); }, summarise,
        options.edgeitems, options.linewidth);
}

std::string bool_array_str(const std::vector<bool>& values, const std::vector<std::size_t>& shape,
                           const PrintOptions& options) {
    check_size(values.size(), shape, "bool_array_str");
    if (shape.empty()) return py_bool(values.at(0));
    if (values.empty()) return "[]";
    const bool summarise = detail::is_summarised(shape, options.threshold);
    return detail::layout_array(
        shape, [&](std::size_t i) { return values[i] ? std::string(" True") : std::string("False"); },
        summarise, options.edgeitems, options.linewidth);
}

}  // namespace attn::print
