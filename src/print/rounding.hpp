#pragma once
// Rounding as the chapter's print statements do it (docs/spec/numpy-printing.md §2.1, §2.2).
// Pure arithmetic, kept beside the printers because it decides which digits are shown.
#include <cstdint>
#include <vector>

namespace attn::print {

double np_round(double x, int decimals);                       // np.round(x, d): rint(x*10^d)/10^d
std::vector<double> np_round(const std::vector<double>& xs, int decimals);
double py_round(double x, int ndigits);                        // Python round(float, n)
// (throws std::overflow_error where Python raises OverflowError, e.g. round(1.7e308, -308))
std::int64_t py_round_int(double x);       // Python round(x) -> int, ties to even (finite |x| < 2^63)
std::int64_t py_floordiv(std::int64_t a, std::int64_t b);      // Python a // b (floor), b != 0

}  // namespace attn::print
