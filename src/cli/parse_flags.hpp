#pragma once
// Text of a flag -> a typed value, read with the grammar of the reference scripts' argparse
// types (Python's int() and float()), and one-line errors that name the flag. Only the type is
// checked here: ranges belong to each experiment's validate(). No CLI11 here.
#include <string>
#include <vector>

#include "rng/seed.hpp"

namespace attn::cli {

// Python's int() (python::python_int): surrounding white space, Unicode's included, an optional
// sign, digits of any script with single underscores between them ("+5", " 7 ", "1_000", "５",
// "١2"). Refused: "5.0", "1e3", "0x10", "", more than 4300 digits, values beyond a long.
// `range` is quoted in the message ("must be an integer in 1..100000 (got '5.5')").
long parse_int(const std::string& flag, const std::string& text, const std::string& range);
// "4,50,400": comma-separated integers as parse_int; empty items are refused.
std::vector<long> parse_int_list(const std::string& flag, const std::string& text,
                                 const std::string& range);
// Python's float() (python::python_float): "5", "-2.5", "1e-3", "1_0.5", " 3 ", "٣.٥"; "inf" and "nan"
// are read as such (validate() refuses them with the range). Hex floats and "" are refused.
double parse_number(const std::string& flag, const std::string& text, const std::string& range);
// "a,b,…": exactly `count` comma-separated numbers as parse_number.
std::vector<double> parse_number_list(const std::string& flag, const std::string& text,
                                      std::size_t count, const std::string& range);
// A seed as NumPy takes it: Python's int() grammar, not negative ("-0" is 0), at most 4300
// digits (int()'s limit). Refused with NumPy's wording, "expected non-negative integer".
rng::Seed parse_seed(const std::string& flag, const std::string& text);

}  // namespace attn::cli
