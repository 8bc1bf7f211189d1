#pragma once
// Reading back what NumPy printed for a 2-d float array: str(A) ("[[ 1.2 -3. ]\n [ …]]") or
// repr(A) ("array([[ 1.2, -3. ], …])"), as a student pastes it from a notebook. The inverse of
// print/numpy_array.hpp and print/numpy_repr.hpp for the 2-d float arrays a notebook shows,
// summarised or not. Its own layer (src/input): text a user gives, read into plain numbers; it
// includes nothing of the project, so experiments may use it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attn::input {

// One printed number: its value, its text, and the power of ten of its last printed digit
// ("-21.207" -> -3, "1." -> 0, "1.243e-13" -> -16). nan and inf have no last digit (0).
struct PrintedNumber {
    double value = 0.0;
    std::string text;
    int last_digit = 0;
    int exponent = 0;          // the "e-13" part (0 without one)
    bool scientific = false;
};

// The shown part of the matrix. A summarised printout (more than `threshold` elements) skips
// middle rows and/or columns with "..."; `row_gap` / `col_gap` is then the number of shown rows /
// columns before the "...", and the caller maps shown positions to the full shape it expects.
struct PrintedMatrix {
    std::size_t rows = 0, cols = 0;        // shown rows and columns
    std::vector<PrintedNumber> elements;   // C order over the shown elements
    std::optional<std::size_t> row_gap, col_gap;
};

// Throws std::invalid_argument with a one-line reason ("row 3 has 5 numbers, row 1 has 6";
// "'abc' is not a number"; "not a 2-d matrix"; "'...' in different columns").
PrintedMatrix parse_printed_matrix(const std::string& text);

}  // namespace attn::input
