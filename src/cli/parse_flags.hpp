#pragma once
// Text of a flag -> value, with one-line errors that name the flag and the allowed range.
// No CLI11 here (it stays in main.cpp); the ranges come from the experiments' checks.
#include <cstddef>
#include <string>
#include <vector>

namespace attn::cli {

// A decimal integer in lo..hi ("+5" and surrounding spaces are refused, as are "5.0", "1e3").
long parse_int(const std::string& flag, const std::string& text, long lo, long hi);
// A finite decimal number in lo..hi ("5", "-2.5", "1e-3"), as Python's float() reads it; hex
// floats, inf and nan are refused.
double parse_double(const std::string& flag, const std::string& text, double lo, double hi);
// "a,b,…": exactly `count` comma-separated finite decimal numbers, each in lo..hi.
std::vector<double> parse_double_list(const std::string& flag, const std::string& text,
                                      std::size_t count, double lo, double hi);
// "4,50,400": comma-separated integers, each in lo..hi; empty items are refused.
std::vector<long> parse_int_list(const std::string& flag, const std::string& text, long lo,
                                 long hi);
// A non-negative decimal integer of any size; refused with NumPy's wording otherwise.
std::string parse_seed(const std::string& flag, const std::string& text);

}  // namespace attn::cli
