// Digit primitives on {fmt} 9.1: "{}" is shortest round-trip, "{:.Nf}" / "{:.Ne}" are correctly
// rounded on the exact binary value with ties to even (docs/spec/numpy-printing.md §4).
#include "print/float_digits.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace attn::print::detail {
namespace {

// Parse fmt's text of a non-negative finite value ("123.450", "1.5e-05", "1e+16", "0") into
// normalised digits.
DecimalDigits parse_decimal(const std::string& text) {
    std::size_t e = text.find_first_of("eE");
    std::string mant = text.substr(0, e);
    int exp10 = 0;
    if (e != std::string::npos) exp10 = std::atoi(text.c_str() + e + 1);
    std::size_t dot = mant.find('.');
    int int_count = static_cast<int>(dot == std::string::npos ? mant.size() : dot);
    DecimalDigits d;
    d.digits.reserve(mant.size());
    for (char c : mant) {
        if (c >= '0' && c <= '9') d.digits.push_back(c);
        else if (c != '.') throw std::logic_error("float_digits: unexpected text '" + text + "'");
    }
    d.decpt = int_count + exp10;
    std::size_t lead = d.digits.find_first_not_of('0');
    if (lead == std::string::npos) return DecimalDigits{"0", 1};
    d.digits.erase(0, lead);
    d.decpt -= static_cast<int>(lead);
    d.digits.erase(d.digits.find_last_not_of('0') + 1);
    return d;
}

}  // namespace

DecimalDigits shortest_digits(double a) {
    return parse_decimal(fmt::format("{}", std::fabs(a)));
}

DecimalDigits fixed_digits(double a, int frac) {
    return parse_decimal(fmt::format("{:.{}f}", std::fabs(a), frac));
}

DecimalDigits sci_digits(double a, int sig) {
    return parse_decimal(fmt::format("{:.{}e}", std::fabs(a), sig - 1));
}

void positional_parts(const DecimalDigits& d, int min_frac, std::string& int_part,
                      std::string& frac_part) {
    const int n = d.size();
    int_part.clear();
    frac_part.clear();
    if (d.is_zero()) {
        int_part = "0";
    } else if (d.decpt <= 0) {
        int_part = "0";
        frac_part.assign(static_cast<std::size_t>(-d.decpt), '0');
        frac_part += d.digits;
    } else if (d.decpt >= n) {
        int_part = d.digits;
        int_part.append(static_cast<std::size_t>(d.decpt - n), '0');
    } else {
        int_part = d.digits.substr(0, static_cast<std::size_t>(d.decpt));
        frac_part = d.digits.substr(static_cast<std::size_t>(d.decpt));
    }
    if (static_cast<int>(frac_part.size()) < min_frac)
        frac_part.append(static_cast<std::size_t>(min_frac) - frac_part.size(), '0');
}

std::string mantissa_text(const DecimalDigits& d, int min_frac, int& exponent) {
    exponent = d.is_zero() ? 0 : d.decpt - 1;
    std::string m(1, d.digits[0]);
    m += '.';
    m.append(d.digits, 1, std::string::npos);
    const int frac = d.size() - 1;
    if (frac < min_frac) m.append(static_cast<std::size_t>(min_frac - frac), '0');
    return m;
}

}  // namespace attn::print::detail
