#include "cli/parse_flags.hpp"

#include <cerrno>
#include <cmath>
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

double parse_double(const std::string& flag, const std::string& text, double lo, double hi) {
    char* end = nullptr;
    errno = 0;
    const double value = text.empty() || std::isspace(static_cast<unsigned char>(text[0]))
                             ? NAN
                             : std::strtod(text.c_str(), &end);
    const std::string allowed = "must be a finite number in " + std::to_string(lo) + ".." +
                                std::to_string(hi);
    if (end == nullptr || *end != '\0' || errno == ERANGE || !std::isfinite(value) ||
        value < lo || value > hi) {
        throw UsageError(flag, allowed + " (got '" + text + "')");
    }
    return value;
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
