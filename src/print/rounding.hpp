#pragma once
// Rounding as the chapter's print statements do it (../shared/notes/numpy-printing.md §2.1, §2.2).
// Pure arithmetic, kept beside the printers because it decides which digits are shown.
#include <vector>

namespace attn::print {

double np_round(double x, int decimals);                       // np.round(x, d): rint(x*10^d)/10^d
std::vector<double> np_round(const std::vector<double>& xs, int decimals);
double py_round(double x, int ndigits);                        // Python round(float, n)

}  // namespace attn::print
