#include "cli/parse_flags.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/errors.hpp"

namespace attn::cli {
namespace {

std::string range_text(long lo, long hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

bool all_digits(const std::string& s, std::size_t from) {
    if (from >= s.size()) return false;
    for (std::size_t i = from; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
    }
    return true;
}

}  // namespace

long parse_int(const std::string& flag, const std::string& text, long lo, long hi) {
    const bool negative = !text.empty() && text[0] == '-';
    const std::string expected = "must be an integer in " + range_text(lo, hi);
    if (!all_digits(text, negative ? 1 : 0)) throw UsageError(flag, expected + " (got '" + text + "')");
    errno = 0;
    const long long value = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE || value < lo || value > hi) {
        throw UsageError(flag, "must be in " + range_text(lo, hi) + " (got " + text + ")");
    }
    return static_cast<long>(value);
}

namespace {

std::string number_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

// A decimal number only: digits, one sign, '.', an exponent; at least one digit.
bool plain_decimal(const std::string& s) {
    bool digit = false;
    for (char c : s) {
        if (c >= '0' && c <= '9') digit = true;
        else if (c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') return false;
    }
    return digit;
}

// strtod over the whole text, or NaN.
double read_decimal(const std::string& s) {
    if (!plain_decimal(s)) return NAN;
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    return (*end != '\0' || errno == ERANGE) ? NAN : v;
}

}  // namespace

double parse_double(const std::string& flag, const std::string& text, double lo, double hi) {
    const double value = read_decimal(text);
    if (!std::isfinite(value) || value < lo || value > hi) {
        throw UsageError(flag, "must be a finite number in " + number_text(lo) + ".." +
                                   number_text(hi) + " (got '" + text + "')");
    }
    return value;
}

std::vector<double> parse_double_list(const std::string& flag, const std::string& text,
                                      std::size_t count, double lo, double hi) {
    std::vector<double> values;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const double v = read_decimal(text.substr(start, comma == std::string::npos
                                                             ? std::string::npos
                                                             : comma - start));
        if (!std::isfinite(v) || v < lo || v > hi) break;
        values.push_back(v);
        if (comma == std::string::npos) {
            if (values.size() == count) return values;
            break;
        }
        start = comma + 1;
    }
    throw UsageError(flag, "must be " + std::to_string(count) + " comma-separated finite numbers, each in " +
                               number_text(lo) + ".." + number_text(hi) + " (got '" + text + "')");
}

std::vector<long> parse_int_list(const std::string& flag, const std::string& text, long lo,
                                 long hi) {
    std::vector<long> values;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos
                                                                               : comma - start);
        if (item.empty()) {
            throw UsageError(flag, "must be comma-separated integers in " + range_text(lo, hi) +
                                       " with no empty items (got '" + text + "')");
        }
        values.push_back(parse_int(flag, item, lo, hi));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return values;
}

std::string parse_seed(const std::string& flag, const std::string& text) {
    if (!all_digits(text, 0)) {
        throw UsageError(flag, "expected non-negative integer (got '" + text + "')");
    }
    if (text.size() > 10000) throw UsageError(flag, "must have at most 10000 digits");
    return text;
}

}  // namespace attn::cli
