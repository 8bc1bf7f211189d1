// Python 3.11 number formatting: port of Objects/stringlib/unicode_format.h's spec parser,
// Python/formatter_unicode.c (format_float_internal, format_long_internal, calc_number_widths,
// fill_number), Python/pystrtod.c (format_float_short) and Objects/unicodeobject.c
// (_PyUnicode_InsertThousandsGrouping). Digits come from float_digits.cpp ({fmt}).
// See docs/spec/numpy-printing.md §2.3, §3.
#include "print/python_format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "print/float_digits.hpp"
#include "text/utf8.hpp"

namespace attn::print {
namespace {

using detail::DecimalDigits;

[[noreturn]] void fail(const std::string& msg) { throw std::invalid_argument("py_format: " + msg); }

struct Spec {
    std::string fill = " ";  // one code point, UTF-8
    char align = '>';
    bool fill_specified = false;
    bool align_specified = false;
    char sign = '\0';
    bool no_neg_0 = false;  // 'z'
    bool alternate = false;  // '#'
    long width = -1;
    char thousands = '\0';  // ',' or '_'
    long precision = -1;
    char type = '\0';
};

bool is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// get_integer(): digits at pos; returns the number consumed.
int get_integer(std::string_view s, std::size_t& pos, long& out) {
    int consumed = 0;
    long v = 0;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
        const int digit = s[pos] - '0';
        if (v > (std::numeric_limits<int>::max() - digit) / 10)
            fail("Too many decimal digits in format string");
        v = v * 10 + digit;
        ++pos;
        ++consumed;
    }
    out = v;
    return consumed;
}

// parse_internal_render_format_spec()
Spec parse_spec(std::string_view s, char default_type) {
    Spec f;
    std::size_t pos = 0;
    // the fill is one code point (a byte that starts none counts as one)
    const std::size_t cp = s.empty() ? 0 : std::max<std::size_t>(1, text::decode(s, 0).length);
    if (cp > 0 && s.size() >= cp + 1 && is_align(s[cp])) {
        f.fill = std::string(s.substr(0, cp));
        f.align = s[cp];
        f.fill_specified = f.align_specified = true;
        pos = cp + 1;
    } else if (!s.empty() && is_align(s[0])) {
        f.align = s[0];
        f.align_specified = true;
        pos = 1;
    }
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) f.sign = s[pos++];
    if (pos < s.size() && s[pos] == 'z') {
        f.no_neg_0 = true;
        ++pos;
    }
    if (pos < s.size() && s[pos] == '#') {
        f.alternate = true;
        ++pos;
    }
    if (!f.fill_specified && pos < s.size() && s[pos] == '0') {
        f.fill = "0";
        if (!f.align_specified) f.align = '=';
        ++pos;
    }
    if (get_integer(s, pos, f.width) == 0) f.width = -1;
    if (pos < s.size() && s[pos] == ',') {
        f.thousands = ',';
        ++pos;
    }
    if (pos < s.size() && s[pos] == '_') {
        if (f.thousands) fail("Cannot specify both ',' and '_'.");
        f.thousands = '_';
        ++pos;
    }
    if (pos < s.size() && s[pos] == ',' && f.thousands == '_') fail("Cannot specify both ',' and '_'.");
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        if (get_integer(s, pos, f.precision) == 0) fail("Format specifier missing precision");
    }
    if (s.size() - pos > 1) fail("Invalid format specifier '" + std::string(s) + "'");
    f.type = pos < s.size() ? s[pos] : default_type;
    if (f.thousands) {
        switch (f.type) {
            case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F':
            case '\0':
                break;
            case 'b': case 'o': case 'x': case 'X':
                if (f.thousands == '_') break;
                [[fallthrough]];
            default:
                fail(std::string("Cannot specify '") + f.thousands + "' with '" + f.type + "'.");
        }
    }
    return f;
}

// _PyUnicode_InsertThousandsGrouping() for a grouping of `group` digits (0: no grouping).
std::string group_digits(const std::string& digits, long min_width, int group, char sep) {
    min_width = std::max(0L, min_width);
    long remaining = static_cast<long>(digits.size());
    std::size_t digits_pos = digits.size();
    std::string rev;  // built right to left
    bool use_sep = false;
    auto emit = [&](long n_chars, long n_zeros) {
        if (use_sep) rev += sep;
        for (long k = 0; k < n_chars; ++k) rev += digits[--digits_pos];
        rev.append(static_cast<std::size_t>(n_zeros), '0');
    };
    bool broken = false;
    if (group > 0) {
        while (true) {
            const long len = std::min<long>(group, std::max({remaining, min_width, 1L}));
            const long n_zeros = std::max(0L, len - remaining);
            const long n_chars = std::max(0L, std::min(remaining, len));
            emit(n_chars, n_zeros);
            use_sep = true;
            remaining -= n_chars;
            min_width -= len;
            if (remaining <= 0 && min_width <= 0) {
                broken = true;
                break;
            }
            min_width -= 1;  // separator length
        }
    }
    if (!broken) {
        const long len = std::max({remaining, min_width, 1L});
        const long n_zeros = std::max(0L, len - remaining);
        const long n_chars = std::max(0L, std::min(remaining, len));
        emit(n_chars, n_zeros);
    }
    return std::string(rev.rbegin(), rev.rend());
}

std::string repeat(const std::string& fill, long n) {
    std::string out;
    for (long k = 0; k < n; ++k) out += fill;
    return out;
}

// calc_number_widths() + fill_number(). `number` is the unsigned text. For a float
// (integer_digits false) it is parsed like parse_number(): leading decimal digits, optionally '.',
// then the remainder (fraction, exponent, '%', or "inf"/"nan"). For an int every character is a
// digit of the given base.
std::string fill_number(const Spec& f, bool negative, const std::string& prefix,
                        const std::string& number, int group, bool integer_digits) {
    std::size_t n_digits = integer_digits ? number.size() : 0;
    while (!integer_digits && n_digits < number.size() && number[n_digits] >= '0' &&
           number[n_digits] <= '9')
        ++n_digits;
    const bool has_decimal = n_digits < number.size() && number[n_digits] == '.';
    const std::string remainder = number.substr(n_digits + (has_decimal ? 1 : 0));

    std::string sign;
    if (f.sign == '+') sign = negative ? "-" : "+";
    else if (f.sign == ' ') sign = negative ? "-" : " ";
    else if (negative) sign = "-";

    const long n_non_digit = static_cast<long>(sign.size() + prefix.size() + (has_decimal ? 1 : 0) +
                                               remainder.size());
    const long min_width = (f.fill == "0" && f.align == '=') ? f.width - n_non_digit : 0;
    const std::string grouped =
        n_digits == 0 ? std::string()
                      : group_digits(number.substr(0, n_digits), min_width, group, f.thousands);
    const long n_padding = f.width - (n_non_digit + static_cast<long>(grouped.size()));
    long lpad = 0, spad = 0, rpad = 0;
    if (n_padding > 0) {
        switch (f.align) {
            case '<': rpad = n_padding; break;
            case '^': lpad = n_padding / 2; rpad = n_padding - lpad; break;
            case '=': spad = n_padding; break;
            default: lpad = n_padding; break;
        }
    }
    return repeat(f.fill, lpad) + sign + prefix + repeat(f.fill, spad) + grouped +
           (has_decimal ? "." : "") + remainder + repeat(f.fill, rpad);
}

// format_float_short(): unsigned text of a float for code 'e' 'f' 'g' 'r' (mode as in
// PyOS_double_to_string; for 'e' `precision` is the number of fraction digits).
std::string float_body(double val, char code, int precision, bool add_dot_0, bool alt, bool upper,
                       bool no_neg_0, bool& negative) {
    if (std::isnan(val)) {
        negative = false;
        return upper ? "NAN" : "nan";
    }
    if (std::isinf(val)) {
        negative = val < 0;
        return upper ? "INF" : "inf";
    }
    negative = std::signbit(val);
    DecimalDigits d;
    switch (code) {
        case 'e': d = detail::sci_digits(val, precision + 1); precision += 1; break;
        case 'f': d = detail::fixed_digits(val, precision); break;
        case 'g': d = detail::sci_digits(val, precision); break;
        default: d = detail::shortest_digits(val); break;
    }
    if (no_neg_0 && negative && d.is_zero()) negative = false;

    const long digits_len = d.size();
    long decpt = d.decpt;
    long vdigits_end = digits_len;
    bool use_exp = false;
    switch (code) {
        case 'e':
            use_exp = true;
            vdigits_end = precision;
            break;
        case 'f':
            vdigits_end = decpt + precision;
            break;
        case 'g':
            if (decpt <= -4 || decpt > (add_dot_0 ? precision - 1 : precision)) use_exp = true;
            if (alt) vdigits_end = precision;
            break;
        default:  // 'r'
            if (decpt <= -4 || decpt > 16) use_exp = true;
            break;
    }
    long exp = 0;
    if (use_exp) {
        exp = decpt - 1;
        decpt = 1;
    }
    const long vdigits_start = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && add_dot_0)
        vdigits_end = std::max(vdigits_end, decpt + 1);
    else
        vdigits_end = std::max(vdigits_end, decpt);

    std::string out;
    if (decpt <= 0) {
        out.append(static_cast<std::size_t>(decpt - vdigits_start), '0');
        out += '.';
        out.append(static_cast<std::size_t>(-decpt), '0');
    } else {
        out.append(static_cast<std::size_t>(-vdigits_start), '0');
    }
    if (0 < decpt && decpt <= digits_len) {
        out.append(d.digits, 0, static_cast<std::size_t>(decpt));
        out += '.';
        out.append(d.digits, static_cast<std::size_t>(decpt), std::string::npos);
    } else {
        out += d.digits;
    }
    if (digits_len < decpt) {
        out.append(static_cast<std::size_t>(decpt - digits_len), '0');
        out += '.';
        out.append(static_cast<std::size_t>(vdigits_end - decpt), '0');
    } else {
        out.append(static_cast<std::size_t>(vdigits_end - digits_len), '0');
    }
    if (out.back() == '.' && !alt) out.pop_back();
    if (use_exp) {
        out += upper ? 'E' : 'e';
        out += exp < 0 ? '-' : '+';
        std::string e = std::to_string(std::labs(exp));
        if (e.size() < 2) e.insert(0, "0");
        out += e;
    }
    return out;
}

// format_float_internal()
std::string format_float(double val, const Spec& f) {
    char type = f.type;
    switch (type) {
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%': case '\0':
            break;
        default:
            fail(std::string("Unknown format code '") + type + "' for object of type 'float'");
    }
    int precision = static_cast<int>(f.precision);
    int default_precision = 6;
    bool add_dot_0 = false;
    if (type == '\0') {
        add_dot_0 = true;
        type = 'r';
        default_precision = 0;
    }
    if (type == 'n') type = 'g';
    bool add_pct = false;
    if (type == '%') {
        type = 'f';
        val *= 100;
        add_pct = true;
    }
    if (precision < 0) precision = default_precision;
    else if (type == 'r') type = 'g';

    const bool upper = type == 'E' || type == 'F' || type == 'G';
    char code = static_cast<char>(upper ? type - 'A' + 'a' : type);
    if (code == 'g' && precision == 0) precision = 1;
    bool negative = false;
    std::string body = float_body(val, code, precision, add_dot_0, f.alternate, upper, f.no_neg_0,
                                  negative);
    if (add_pct) body += '%';
    return fill_number(f, negative, "", body, f.thousands ? 3 : 0, false);
}

std::string to_base(std::uint64_t mag, int base, bool upper) {
    if (mag == 0) return "0";
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out;
    while (mag > 0) {
        out += digits[mag % static_cast<unsigned>(base)];
        mag /= static_cast<unsigned>(base);
    }
    return std::string(out.rbegin(), out.rend());
}

}  // namespace

std::string py_repr(double x) {
    bool negative = false;
    const std::string body = float_body(x, 'r', 0, true, false, false, false, negative);
    return negative ? "-" + body : body;
}

std::string py_bool(bool b) { return b ? "True" : "False"; }

std::string py_tuple(const std::vector<std::size_t>& shape) {
    std::string out = "(";
    for (std::size_t k = 0; k < shape.size(); ++k) {
        if (k > 0) out += ", ";
        out += std::to_string(shape[k]);
    }
    if (shape.size() == 1) out += ',';
    return out + ")";
}

std::string py_print(const std::vector<std::string>& args) {
    std::string out;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (k > 0) out += ' ';
        out += args[k];
    }
    return out + "\n";
}

std::string py_format(double x, std::string_view spec) {
    if (spec.empty()) return py_repr(x);
    return format_float(x, parse_spec(spec, '\0'));
}

std::string py_format(std::int64_t n, std::string_view spec) {
    if (spec.empty()) return std::to_string(n);
    const Spec f = parse_spec(spec, 'd');
    switch (f.type) {
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
            return format_float(static_cast<double>(n), f);
        case 'd': case 'n': case 'b': case 'o': case 'x': case 'X':
            break;
        default:
            fail(std::string("Unknown format code '") + f.type + "' for object of type 'int'");
    }
    if (f.precision != -1) fail("Precision not allowed in integer format specifier");
    if (f.no_neg_0) fail("Negative zero coercion (z) not allowed in integer format specifier");
    int base = 10;
    std::string prefix;
    switch (f.type) {
        case 'b': base = 2; prefix = "0b"; break;
        case 'o': base = 8; prefix = "0o"; break;
        case 'x': base = 16; prefix = "0x"; break;
        case 'X': base = 16; prefix = "0X"; break;
        default: break;
    }
    if (!f.alternate) prefix.clear();
    const bool negative = n < 0;
    const std::uint64_t mag = negative ? std::uint64_t{0} - static_cast<std::uint64_t>(n)
                                       : static_cast<std::uint64_t>(n);
    int group = 0;
    if (f.thousands) group = (base == 10) ? 3 : 4;
    return fill_number(f, negative, prefix, to_base(mag, base, f.type == 'X'), group, true);
}

}  // namespace attn::print
