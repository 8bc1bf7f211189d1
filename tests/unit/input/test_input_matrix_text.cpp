// Reading back NumPy's printed 2-d arrays (input/numpy_matrix_text): the forms a notebook shows, and
// one-line refusals of everything else.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "input/numpy_matrix_text.hpp"
#include "print/numpy_array.hpp"
#include "print/numpy_repr.hpp"

using namespace attn::input;
using attn::print::array_repr;
using attn::print::array_str;
using attn::print::PrintOptions;

TEST_CASE("parse: str() of a matrix, values and the last printed digit") {
    const PrintedMatrix m = parse_printed_matrix("[[-21.207  -5.373]\n [  3.71    1.   ]]\n");
    REQUIRE(m.rows == 2);
    REQUIRE(m.cols == 2);
    CHECK(m.elements[0].value == -21.207);
    CHECK(m.elements[0].last_digit == -3);
    CHECK(m.elements[2].text == "3.71");
    CHECK(m.elements[2].last_digit == -2);
    CHECK(m.elements[3].last_digit == 0);     // "1."
    CHECK_FALSE(m.row_gap);
    CHECK_FALSE(m.col_gap);
}

TEST_CASE("parse: repr() with commas, scientific notation, nan and inf") {
    const PrintedMatrix m = parse_printed_matrix("array([[ 1.243e-13,        nan],\n       [      -inf, 2.5e+02]])");
    REQUIRE(m.rows == 2);
    CHECK(m.elements[0].scientific);
    CHECK(m.elements[0].exponent == -13);
    CHECK(m.elements[0].last_digit == -16);
    CHECK(std::isnan(m.elements[1].value));
    CHECK(m.elements[2].value == -INFINITY);
    CHECK(m.elements[3].value == 250.0);
}

TEST_CASE("parse: every str() and repr() attn prints reads back to the same shape and values") {
    std::vector<double> v;
    for (int i = 0; i < 2500; ++i) v.push_back((i - 1234) / 7.0);
    PrintOptions p3;
    p3.precision = 3;
    for (const std::string& text : {array_str(v, {50, 50}, p3), array_repr(v, {50, 50}, p3)}) {
        const PrintedMatrix m = parse_printed_matrix(text);
        CHECK(m.rows == 6);                    // summarised: 3 + 3 of each axis
        CHECK(m.cols == 6);
        CHECK(m.row_gap == std::optional<std::size_t>(3));
        CHECK(m.col_gap == std::optional<std::size_t>(3));
        CHECK(std::fabs(m.elements[0].value - v[0]) <= 0.0005);
        CHECK(std::fabs(m.elements[35].value - v[2499]) <= 0.0005);
    }
    const std::vector<double> small = {0.5, -1.25, 3.0, 1e-9};
    const PrintedMatrix m = parse_printed_matrix(array_str(small, {2, 2}));
    CHECK(m.elements[3].value == 1e-9);
    CHECK(m.elements[3].scientific);
}

TEST_CASE("parse: refusals name the problem in one line") {
    auto reason = [](const std::string& text) {
        try {
            parse_printed_matrix(text);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(reason("") == "no matrix in the input (it is empty)");
    CHECK(reason("Your answer:") == "expected a printed matrix starting with '[[' (got 'Your answer:')");
    CHECK(reason("[1. 2.]") == "not a 2-d matrix: it has one '[' level, a matrix has two");
    CHECK(reason("[[[1.]]]") == "not a 2-d matrix: it has more than two '[' levels");
    CHECK(reason("[[1. 2.]\n [3.]]") == "row 2 has 1 numbers but row 1 has 2");
    CHECK(reason("[[1. abc]]") == "row 1: 'abc' is not a number");
    CHECK(reason("[[1. 0x10]]") == "row 1: '0x10' is not a number");
    CHECK(reason("[[1. 2.]") == "the matrix is not closed by ']'");
    CHECK(reason("[[1. 2.]] extra") == "unexpected text after the matrix: 'extra'");
    CHECK(reason("[[]]") == "row 1 is empty");
    CHECK(reason("[[1. ... 2.]\n [3. 4. ...]]") == "row 2 has its '...' in another place than row 1");
    CHECK(reason("[[1.]\n ...]") == "'...' in place of a row cannot be the last row");
    CHECK(reason("array([[1.]]") == "'array(' is not closed by ')'");
    CHECK(reason("[[1e999]]") == "row 1: '1e999' is not a number");
}
