#pragma once
// Decimal digit primitives for float64 (docs/spec/numpy-printing.md §4): shortest round-trip
// digits, digits correctly rounded to a number of fraction digits or of significant digits (exact
// binary value, ties to even). Every printer in src/print builds its text from these.
#include <string>

namespace attn::print::detail {

// value = 0.d1d2...dn * 10^decpt, like dtoa's output. `digits` has no leading or trailing zeros,
// except that zero is {"0", 1}. The sign is never part of it.
struct DecimalDigits {
    std::string digits;
    int decpt = 1;

    bool is_zero() const { return digits == "0"; }
    int size() const { return static_cast<int>(digits.size()); }
    // number of digits after the decimal point in positional form (0 for integers)
    int frac_len() const { return size() > decpt ? size() - decpt : 0; }
};

// Shortest digits that read back to |a| (repr / fmt "{}"). a must be finite.
DecimalDigits shortest_digits(double a);
// |a| correctly rounded to `frac` digits after the point (fmt "{:.{frac}f}"), frac >= 0.
DecimalDigits fixed_digits(double a, int frac);
// |a| correctly rounded to `sig` significant digits (fmt "{:.{sig-1}e}"), sig >= 1.
DecimalDigits sci_digits(double a, int sig);

// Positional text "iii.fff" (always with '.') in two parts: integer part (at least "0") and fraction part (possibly empty).
void positional_parts(const DecimalDigits& d, int min_frac, std::string& int_part,
                      std::string& frac_part);
// Mantissa "d.fff" (always with '.') padded with zeros to min_frac fraction digits, and the
// decimal exponent of d1.
std::string mantissa_text(const DecimalDigits& d, int min_frac, int& exponent);

}  // namespace attn::print::detail
