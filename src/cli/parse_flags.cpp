#include "cli/parse_flags.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "python/python_number.hpp"
#include "errors.hpp"
#include "rng/seed.hpp"

namespace attn::cli {
namespace {

// An item of a list that holds nothing but ASCII white space ("4,,50", "4, ,50").
bool blank(const std::string& item) { return item.find_first_not_of(" \t\n\v\f\r") == std::string::npos; }

// Python's int() grammar (python::python_int) within its digit limit: sign and digits, or false.
bool read_integer(const std::string& text, bool& negative, std::string& digits) {
    const std::optional<python::PythonInt> value = python::python_int(text);
    if (!value || value->digits.size() > python::kPythonIntMaxStrDigits) return false;
    negative = value->negative;
    digits = value->digits;
    return true;
}

// Python's float(): decimals, inf/infinity/nan in any case; nullopt when refused.
std::optional<double> read_number(const std::string& text) { return python::python_float(text); }

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
        if (blank(item)) {
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
    const std::optional<python::PythonInt> value = python::python_int(text);
    if (value && value->digits.size() > python::kPythonIntMaxStrDigits) {
        throw UsageError(flag, "must have at most " + std::to_string(python::kPythonIntMaxStrDigits) +
                                   " digits, Python's int() limit");
    }
    const bool zero = value && value->digits.find_first_not_of('0') == std::string::npos;
    if (!value || (value->negative && !zero)) {
        throw UsageError(flag, "expected non-negative integer (got '" + text + "')");
    }
    const std::string& digits = value->digits;
    try {
        return rng::Seed::from_decimal(digits);
    } catch (const rng::SeedError& e) {
        throw UsageError(flag, e.message + " (got '" + text + "')");
    }
}

}  // namespace attn::cli
