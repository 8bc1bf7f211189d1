#include "cli/parse_flags.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "errors.hpp"
#include "rng/seed.hpp"

namespace attn::cli {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string strip(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && is_space(s[b])) ++b;
    while (e > b && is_space(s[e - 1])) --e;
    return s.substr(b, e - b);
}

// Digits with single underscores between them (Python's int() and float() digit groups), with
// the underscores removed; "" when `s` is not of that form.
std::string digit_group(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (is_digit(s[i])) {
            out += s[i];
        } else if (s[i] == '_' && i > 0 && is_digit(s[i - 1]) && i + 1 < s.size() && is_digit(s[i + 1])) {
            continue;
        } else {
            return "";
        }
    }
    return out;
}

// Python's int() grammar: sign and digits (underscores removed), or false.
bool read_integer(const std::string& text, bool& negative, std::string& digits) {
    std::string s = strip(text);
    negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.erase(0, 1);
    }
    digits = digit_group(s);
    return !digits.empty();
}

// Python's float() grammar for decimals, plus inf/infinity/nan in any case; nullopt when refused.
std::optional<double> read_number(const std::string& text) {
    std::string s = strip(text);
    std::string sign;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        sign = s.substr(0, 1);
        s.erase(0, 1);
    }
    std::string lower;
    for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "inf" || lower == "infinity") return sign == "-" ? -HUGE_VAL : HUGE_VAL;
    if (lower == "nan") return NAN;
    // mantissa [digits][.digits] with at least one digit, then [e[sign]digits]
    const std::size_t e = lower.find('e');
    const std::string mantissa = lower.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const std::string whole = mantissa.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : mantissa.substr(dot + 1);
    const std::string whole_digits = whole.empty() ? "" : digit_group(whole);
    const std::string frac_digits = frac.empty() ? "" : digit_group(frac);
    if ((!whole.empty() && whole_digits.empty()) || (!frac.empty() && frac_digits.empty()) ||
        whole_digits.size() + frac_digits.size() == 0) {
        return std::nullopt;
    }
    std::string plain = sign + whole_digits + "." + frac_digits;
    if (e != std::string::npos) {
        std::string exponent = lower.substr(e + 1);
        std::string exp_sign;
        if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
            exp_sign = exponent.substr(0, 1);
            exponent.erase(0, 1);
        }
        const std::string exp_digits = digit_group(exponent);
        if (exp_digits.empty()) return std::nullopt;
        plain += "e" + exp_sign + exp_digits;
    }
    return std::strtod(plain.c_str(), nullptr);  // overflow gives ±inf, as Python's float()
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) return items;
        start = comma + 1;
    }
}

}  // namespace

long parse_int(const std::string& flag, const std::string& text, const std::string& range) {
    bool negative = false;
    std::string digits;
    if (read_integer(text, negative, digits)) {
        errno = 0;
        const long long value = std::strtoll((negative ? "-" + digits : digits).c_str(), nullptr, 10);
        if (errno != ERANGE) return static_cast<long>(value);
    }
    throw UsageError(flag, "must be an integer in " + range + " (got '" + text + "')");
}

std::vector<long> parse_int_list(const std::string& flag, const std::string& text,
                                 const std::string& range) {
    std::vector<long> values;
    for (const std::string& item : split_commas(text)) {
        if (strip(item).empty()) {
            throw UsageError(flag, "must be comma-separated integers in " + range +
                                       " with no empty items (got '" + text + "')");
        }
        values.push_back(parse_int(flag, item, range));
    }
    return values;
}

double parse_number(const std::string& flag, const std::string& text, const std::string& range) {
    const std::optional<double> value = read_number(text);
    if (!value) throw UsageError(flag, "must be a finite number in " + range + " (got '" + text + "')");
    return *value;
}

std::vector<double> parse_number_list(const std::string& flag, const std::string& text,
                                      std::size_t count, const std::string& range) {
    const std::vector<std::string> items = split_commas(text);
    std::vector<double> values;
    for (const std::string& item : items) {
        const std::optional<double> v = read_number(item);
        if (!v) break;
        values.push_back(*v);
    }
    if (values.size() != count || items.size() != count) {
        throw UsageError(flag, "must be " + std::to_string(count) +
                                   " comma-separated numbers, each in " + range + " (got '" +
                                   text + "')");
    }
    return values;
}

rng::Seed parse_seed(const std::string& flag, const std::string& text) {
    bool negative = false;
    std::string digits;
    const bool integer = read_integer(text, negative, digits);
    if (integer && digits.size() > 10000) throw UsageError(flag, "must have at most 10000 digits");
    const bool zero = integer && digits.find_first_not_of('0') == std::string::npos;
    if (!integer || (negative && !zero)) {
        throw UsageError(flag, "expected non-negative integer (got '" + text + "')");
    }
    try {
        return rng::Seed::from_decimal(digits);
    } catch (const rng::SeedError& e) {
        throw UsageError(flag, e.message + " (got '" + text + "')");
    }
}

}  // namespace attn::cli
