// np.round (numpy/core/src/multiarray/calculation.c, PyArray_Round + power_of_ten) and Python's
// float.__round__ (Objects/floatobject.c, double_round) — docs/spec/numpy-printing.md §2.
#include "print/rounding.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace attn::print {
namespace {

double power_of_ten(int n) {
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    if (n < 9) return p10[n];
    double ret = 1e9;
    while (n-- > 9) ret *= 10.;
    return ret;
}

// Exact decimal rounding of |x| to a multiple of 10^k (k >= 1), ties to even on the exact binary
// value, as a decimal string "<digits>e<k>" (dtoa mode 3 with ndigits = -k).
std::string round_to_power_of_ten(double a, int k) {
    const double ip = std::floor(a);
    const bool frac_nonzero = ip != a;
    const std::string digits = fmt::format("{:.0f}", ip);  // exact: ip is an integer
    const int len = static_cast<int>(digits.size());
    if (len < k) return "0e0";  // a < 10^(k-1) < 0.5 * 10^k
    std::string kept = digits.substr(0, static_cast<std::size_t>(len - k));
    const char first_dropped = digits[static_cast<std::size_t>(len - k)];
    bool sticky = frac_nonzero;
    for (int i = len - k + 1; i < len && !sticky; ++i) sticky = digits[static_cast<std::size_t>(i)] != '0';
    bool round_up = false;
    if (first_dropped > '5') round_up = true;
    else if (first_dropped == '5') {
        if (sticky) round_up = true;
        else round_up = !kept.empty() && ((kept.back() - '0') & 1) == 1;  // tie: to even
    }
    if (kept.empty()) kept = "0";
    if (round_up) {
        int i = static_cast<int>(kept.size()) - 1;
        while (i >= 0 && kept[static_cast<std::size_t>(i)] == '9') kept[static_cast<std::size_t>(i--)] = '0';
        if (i < 0) kept.insert(0, "1");
        else ++kept[static_cast<std::size_t>(i)];
    }
    return kept + "e" + std::to_string(k);
}

}  // namespace

double np_round(double x, int decimals) {
    if (decimals == 0) return std::nearbyint(x);
    if (decimals > 0) {
        const double f = power_of_ten(decimals);
        const double y = x * f;
        return std::nearbyint(y) / f;
    }
    const double f = power_of_ten(-decimals);
    const double y = x / f;
    return std::nearbyint(y) * f;
}

std::vector<double> np_round(const std::vector<double>& xs, int decimals) {
    std::vector<double> out;
    out.reserve(xs.size());
    for (double x : xs) out.push_back(np_round(x, decimals));
    return out;
}

double py_round(double x, int ndigits) {
    if (!std::isfinite(x)) return x;
    constexpr int ndigits_max = static_cast<int>((53 - (-1021)) * 0.30103);  // DBL_MANT_DIG - DBL_MIN_EXP
    constexpr int ndigits_min = -static_cast<int>((1024 + 1) * 0.30103);     // DBL_MAX_EXP + 1
    if (ndigits > ndigits_max) return x;
    if (ndigits < ndigits_min) return 0.0 * x;
    const double a = std::fabs(x);
    std::string text = ndigits >= 0 ? fmt::format("{:.{}f}", a, ndigits)
                                    : round_to_power_of_ten(a, -ndigits);
    if (std::signbit(x)) text.insert(0, "-");
    errno = 0;
    const double rounded = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && std::fabs(rounded) >= 1.0)
        throw std::overflow_error("rounded value too large to represent");
    return rounded;
}

std::int64_t py_round_int(double x) {
    if (std::isnan(x)) throw std::domain_error("cannot convert float NaN to integer");
    const double r = std::nearbyint(x);  // ties to even, like float.__round__ without ndigits
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
        throw std::overflow_error("py_round_int: result does not fit in int64");
    return static_cast<std::int64_t>(r);
}

std::int64_t py_floordiv(std::int64_t a, std::int64_t b) {
    if (b == 0) throw std::domain_error("integer division or modulo by zero");
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

}  // namespace attn::print
