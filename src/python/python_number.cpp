#include "python/python_number.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iterator>

#include "python/python_digits.hpp"
#include "python/python_text.hpp"
#include "text/utf8.hpp"

namespace attn::python {
namespace {

// Py_ISSPACE: the ASCII whitespace int() and float() strip after the transform (not U+001C..
// U+001F, which str.isspace() holds but the transform leaves as they are).
bool ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view strip(std::string_view s) {
    while (!s.empty() && ascii_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && ascii_space(s.back())) s.remove_suffix(1);
    return s;
}

// PEP 515 digit groups: digits with single underscores between them, the underscores removed;
// "" when `s` is not of that form (so "" for an empty `s` too).
std::string digit_group(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (ascii_digit(s[i])) {
            out += s[i];
        } else if (s[i] == '_' && i > 0 && ascii_digit(s[i - 1]) && i + 1 < s.size() && ascii_digit(s[i + 1])) {
            continue;
        } else {
            return "";
        }
    }
    return out;
}

}  // namespace

int python_decimal_value(char32_t cp) {
    const auto& zeros = python_unicode_digits::kDecimalZeros;
    const auto* it = std::upper_bound(std::begin(zeros), std::end(zeros), static_cast<std::uint32_t>(cp));
    if (it == std::begin(zeros)) return -1;
    const std::uint32_t offset = static_cast<std::uint32_t>(cp) - *std::prev(it);
    return offset <= 9 ? static_cast<int>(offset) : -1;
}

std::optional<std::string> python_number_ascii(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const text::CodePoint c = text::decode(text, i);
        if (c.length == 0) return std::nullopt;
        i += c.length;
        if (c.value < 0x80) {
            out += static_cast<char>(c.value);
        } else if (python_isspace(c.value)) {
            out += ' ';
        } else if (const int d = python_decimal_value(c.value); d >= 0) {
            out += static_cast<char>('0' + d);
        } else {
            return std::nullopt;
        }
    }
    return out;
}

std::optional<PythonInt> python_int(std::string_view text) {
    const std::optional<std::string> ascii = python_number_ascii(text);
    if (!ascii) return std::nullopt;
    std::string_view s = strip(*ascii);
    PythonInt value;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        value.negative = s.front() == '-';
        s.remove_prefix(1);
    }
    value.digits = digit_group(s);
    if (value.digits.empty()) return std::nullopt;
    return value;
}

std::optional<double> python_float(std::string_view text) {
    const std::optional<std::string> ascii = python_number_ascii(text);
    if (!ascii) return std::nullopt;
    std::string_view s = strip(*ascii);
    std::string sign;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        sign = std::string(1, s.front());
        s.remove_prefix(1);
    }
    std::string lower;
    for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "inf" || lower == "infinity") return sign == "-" ? -HUGE_VAL : HUGE_VAL;
    if (lower == "nan") return NAN;
    // mantissa [digits][.digits] with at least one digit, then [e[sign]digits]
    const std::string_view all = lower;
    const std::size_t e = all.find('e');
    const std::string_view mantissa = all.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const std::string_view whole = mantissa.substr(0, dot);
    const std::string_view frac = dot == std::string_view::npos ? std::string_view() : mantissa.substr(dot + 1);
    const std::string whole_digits = digit_group(whole);
    const std::string frac_digits = digit_group(frac);
    if ((!whole.empty() && whole_digits.empty()) || (!frac.empty() && frac_digits.empty()) ||
        whole_digits.size() + frac_digits.size() == 0) {
        return std::nullopt;
    }
    std::string plain = sign + whole_digits + "." + frac_digits;
    if (e != std::string_view::npos) {
        std::string_view exponent = all.substr(e + 1);
        std::string exp_sign;
        if (!exponent.empty() && (exponent.front() == '+' || exponent.front() == '-')) {
            exp_sign = std::string(1, exponent.front());
            exponent.remove_prefix(1);
        }
        const std::string exp_digits = digit_group(exponent);
        if (exp_digits.empty()) return std::nullopt;
        plain += "e" + exp_sign + exp_digits;
    }
    // glibc's strtod in the "C" locale attn runs in rounds correctly, as Python's dtoa does.
    return std::strtod(plain.c_str(), nullptr);
}

}  // namespace attn::python
