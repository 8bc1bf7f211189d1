// Examples quoted in docs/spec/numpy-printing.md, checked one by one (each was asserted
// against NumPy 1.24.2 / Python 3.11.2 by the spec's author, and re-checked with Debian's NumPy).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

using namespace attn::print;

namespace {

PrintOptions p3(bool suppress = true) {
    PrintOptions o;
    o.precision = 3;
    o.suppress = suppress;
    return o;
}

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("spec §1.4 / §6: padding, sign and 1. / 0.") {
    CHECK(array_str({0.629, 0.201, 0.319, 0.091, 0.46, 0.068}, {6}, p3()) ==
          "[0.629 0.201 0.319 0.091 0.46  0.068]");
    CHECK(array_str({1.309, -0.969, 2.315, 0.096, 0.88}, {5}, p3()) ==
          "[ 1.309 -0.969  2.315  0.096  0.88 ]");
    CHECK(array_str({-0.0, 0.25}, {2}, p3()) == "[-0.    0.25]");
    CHECK(array_str({1.0, 0.528, 0.0}, {3}, p3()) == "[1.    0.528 0.   ]");
    CHECK(array_str({1., 1., 1., 1., 1.}, {5}, p3()) == "[1. 1. 1. 1. 1.]");
    CHECK(array_str({-1.5, 10.25, 0.0}, {3}, p3()) == "[-1.5  10.25  0.  ]");
    CHECK(array_str({-0.0, 1.0}, {2}, p3()) == "[-0.  1.]");
    CHECK(array_str({kNan, 1.5, -kInf}, {3}, p3()) == "[ nan  1.5 -inf]");
    CHECK(array_str({kNan, 1.0}, {2}, p3()) == "[nan  1.]");
    CHECK(array_str({kNan, -kInf}, {2}, p3()) == "[ nan -inf]");
    CHECK(array_str({1.5, kNan, -kInf, 0.25}, {2, 2}, p3()) == "[[1.5   nan]\n [-inf 0.25]]");
}

TEST_CASE("spec §1.3: digits of one element (P=3)") {
    auto one = [](double x) { return array_str({x}, {1}, p3()); };
    CHECK(one(0.0005) == "[0.001]");
    CHECK(one(0.0625) == "[0.062]");
    CHECK(one(0.9995) == "[1.]");
    CHECK(one(99999.9995) == "[100000.]");
    CHECK(one(-0.0004) == "[-0.]");
    CHECK(one(1e-9) == "[0.]");
    CHECK(one(1e6) == "[1000000.]");
    CHECK(one(0.1 + 0.2) == "[0.3]");
}

TEST_CASE("spec §1.2 / §1.5: notation choice and scientific notation") {
    CHECK(array_str({2.27e-05, 0.5, 1.0}, {3}, p3(true)) == "[0.  0.5 1. ]");
    CHECK(array_str({2.27e-05, 0.5, 1.0}, {3}, p3(false)) == "[2.27e-05 5.00e-01 1.00e+00]");
    CHECK(array_str({0.001, 2.0}, {2}, p3(true)) == "[0.001 2.   ]");
    CHECK(array_str({0.001, 2.0}, {2}, p3(false)) == "[1.e-03 2.e+00]");
    CHECK(array_str({0.0001, 0.1}, {2}, p3(false)) == "[0.  0.1]");
    CHECK(array_str({1e8, 1.0, 0.5}, {3}, p3(true)) == "[1.e+08 1.e+00 5.e-01]");
    CHECK(array_str({1e6, 1.0, 0.5}, {3}, p3(true)) == "[1000000.        1.        0.5]");
    CHECK(array_str({1e6, 1.0, 0.5}, {3}, p3(false)) == "[1.e+06 1.e+00 5.e-01]");
    CHECK(array_str({1e8, -1.5, 0.0, 123456.789, kNan}, {5}, p3()) ==
          "[ 1.000e+08 -1.500e+00  0.000e+00  1.235e+05        nan]");
    CHECK(array_str({1e8, 1.5, -2.25}, {3}, p3()) == "[ 1.00e+08  1.50e+00 -2.25e+00]");
    CHECK(array_str({3e200, 1.0}, {2}, p3()) == "[3.e+200 1.e+000]");
}

TEST_CASE("spec §1.3: other float modes") {
    PrintOptions o = p3();
    o.floatmode = FloatMode::fixed;
    CHECK(array_str({1.0, 0.5}, {2}, o) == "[1.000 0.500]");
    o.floatmode = FloatMode::maxprec_equal;
    CHECK(array_str({1.0, 0.5}, {2}, o) == "[1.0 0.5]");
    CHECK(array_str({1.0, 2.0}, {2}, o) == "[1. 2.]");
    o.floatmode = FloatMode::unique;
    CHECK(array_str({0.1234567}, {1}, o) == "[0.1234567]");
}

TEST_CASE("spec §1.6: layout and wrapping") {
    std::vector<double> v;
    for (int i = 0; i < 13; ++i) v.push_back(i / 7.0);
    CHECK(array_str(v, {13}, p3()) ==
          "[0.    0.143 0.286 0.429 0.571 0.714 0.857 1.    1.143 1.286 1.429 1.571\n 1.714]");
    CHECK(py_print({"A", array_str({0.1, 0.25, 0.3, 0.4}, {2, 2}, p3())}) ==
          "A [[0.1  0.25]\n [0.3  0.4 ]]\n");
    std::vector<double> big;
    for (int i = 0; i <= 1000; ++i) big.push_back(i);
    CHECK(array_str(big, {1001}, p3()) == "[   0.    1.    2. ...  998.  999. 1000.]");
    std::vector<double> thousand(big.begin(), big.end() - 1);
    CHECK(array_str(thousand, {1000}, p3()).find("...") == std::string::npos);
    // 2-D summarised: a row marker line " ..." and "..." inside rows
    std::vector<double> m(40 * 40);
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<double>(i % 10);
    const std::string s = array_str(m, {40, 40}, p3());
    CHECK(s.find("\n ...\n") != std::string::npos);
    CHECK(s.rfind("[[0. 1. 2. ... 7. 8. 9.]", 0) == 0);
    // An axis of exactly 2 * edgeitems entries is shown whole, with no "..." (NumPy summarises
    // an axis only when it is longer): str of (arange(6006) % 10).reshape(1001, 6), NumPy 1.24.
    std::vector<double> tall(1001 * 6);
    for (std::size_t i = 0; i < tall.size(); ++i) tall[i] = static_cast<double>(i % 10);
    CHECK(array_str(tall, {1001, 6}, p3()) ==
          "[[0. 1. 2. 3. 4. 5.]\n [6. 7. 8. 9. 0. 1.]\n [2. 3. 4. 5. 6. 7.]\n ...\n"
          " [8. 9. 0. 1. 2. 3.]\n [4. 5. 6. 7. 8. 9.]\n [0. 1. 2. 3. 4. 5.]]");
}

TEST_CASE("spec §1.6: summarising keeps an outer axis of exactly 2 * edgeitems rows whole") {
    // str((arange(1200) % 7).reshape(6, 200) / 4), NumPy 1.24: 1200 > threshold, so the long
    // axis is summarised; the 6 rows (= 2 * edgeitems) are all shown, with no " ..." row line.
    std::vector<double> wide(6 * 200);
    for (std::size_t i = 0; i < wide.size(); ++i) wide[i] = static_cast<double>(i % 7) / 4;
    CHECK(array_str(wide, {6, 200}, p3()) ==
          "[[0.   0.25 0.5  ... 0.25 0.5  0.75]\n [1.   1.25 1.5  ... 1.25 1.5  0.  ]\n"
          " [0.25 0.5  0.75 ... 0.5  0.75 1.  ]\n [1.25 1.5  0.   ... 1.5  0.   0.25]\n"
          " [0.5  0.75 1.   ... 0.75 1.   1.25]\n [1.5  0.   0.25 ... 0.   0.25 0.5 ]]");
}

TEST_CASE("spec §1.1 / §2.4: empty and 0-d arrays") {
    CHECK(array_str({}, {0}) == "[]");
    CHECK(array_str({}, {3, 0}) == "[]");
    CHECK(array_str({0.1 + 0.2}, {}, p3()) == "0.30000000000000004");  // precision ignored
    CHECK(int_array_str({5}, {}) == "5");
    CHECK(bool_array_str({true}, {}) == "True");
    CHECK_THROWS_AS(array_str({1.0, 2.0}, {3}), std::invalid_argument);
}

TEST_CASE("spec §1.7: int64 and bool arrays") {
    CHECK(int_array_str({-5, -4, 4, 5}, {2, 2}) == "[[-5 -4]\n [ 4  5]]");
    CHECK(bool_array_str({true, false}, {2}) == "[ True False]");
}

TEST_CASE("spec §2.1 / §2.2: np.round vs Python round") {
    CHECK(np_round(2.675, 2) == 2.68);
    CHECK(py_round(2.675, 2) == 2.67);
    CHECK(np_round(14.28135, 4) == 14.2814);
    CHECK(py_round(14.28135, 4) == 14.2813);
    CHECK(np_round(0.0005, 3) == 0.0);
    CHECK(py_round(0.0005, 3) == 0.001);
    CHECK(np_round(0.0025, 3) == 0.002);
    CHECK(py_round(0.0025, 3) == 0.003);
    CHECK(np_round(0.05, 1) == 0.0);
    CHECK(py_round(0.05, 1) == 0.1);
    CHECK(py_repr(np_round(-0.0004, 3)) == "-0.0");
    CHECK(py_repr(np_round(-0.4, 0)) == "-0.0");
    CHECK(std::isinf(np_round(1e305, 4)));
    CHECK(py_round(1250.0, -2) == 1200.0);  // exact tie, to even
    CHECK(py_round(1350.0, -2) == 1400.0);
    CHECK(py_round(1250.0000000000002, -2) == 1300.0);
    CHECK(py_repr(py_round(-40.0, -2)) == "-0.0");
    CHECK(py_round(5e-324, 400) == 5e-324);
    CHECK_THROWS_AS(py_round(1.7976931348623157e308, -308), std::overflow_error);
    CHECK(py_round_int(2.5) == 2);
    CHECK(py_round_int(-3.5) == -4);
    CHECK(py_floordiv(-7, 2) == -4);
    CHECK(py_floordiv(7, -2) == -4);
    CHECK(py_floordiv(7, 2) == 3);
}

TEST_CASE("spec §2.3 / §2.4: repr, bool, tuples") {
    CHECK(py_repr(1.0) == "1.0");
    CHECK(py_repr(-0.0) == "-0.0");
    CHECK(py_repr(1e16) == "1e+16");
    CHECK(py_repr(9999999999999998.0) == "9999999999999998.0");
    CHECK(py_repr(1e-5) == "1e-05");
    CHECK(py_repr(2.27e-05) == "2.27e-05");
    CHECK(py_repr(-kNan) == "nan");
    CHECK(py_repr(-kInf) == "-inf");
    CHECK(py_bool(true) == "True");
    CHECK(py_bool(false) == "False");
    CHECK(py_tuple({6, 5}) == "(6, 5)");
    CHECK(py_tuple({6}) == "(6,)");
    CHECK(py_tuple({}) == "()");
}

TEST_CASE("spec §3: Python format specs") {
    CHECK(py_format(2.675, ".2f") == "2.67");
    CHECK(py_format(0.125, ".2f") == "0.12");
    CHECK(py_format(0.375, ".2f") == "0.38");
    CHECK(py_format(2.5, ".0f") == "2");
    CHECK(py_format(3.14159, "5.2f") == " 3.14");
    CHECK(py_format(-0.001, ".2f") == "-0.00");
    CHECK(py_format(-0.001, "z.2f") == "0.00");
    CHECK(py_format(0.5, "6.1%") == " 50.0%");
    CHECK(py_format(0.5, "4.1%") == "50.0%");
    CHECK(py_format(0.0125, "5.1%") == " 1.2%");
    CHECK(py_format(0.9995, "5.1%") == "100.0%");
    CHECK(py_format(0.07, "5.1%") == " 7.0%");
    CHECK(py_format(kNan, "5.1%") == " nan%");
    CHECK(py_format(0.0, "<7.1%") == "0.0%   ");
    CHECK(py_format(kInf, "08.3f") == "00000inf");
    CHECK(py_format(kInf, "5.2f") == "  inf");
    CHECK(py_format(-kNan, ".4f") == "nan");
    CHECK(py_format(1234567.891, ",.2f") == "1,234,567.89");
    CHECK(py_format(1234.5, "012,.1f") == "00,001,234.5");  // zeros are grouped too
    CHECK(py_format(1e16, "") == "1e+16");
    CHECK(py_format(1.0, ".3") == "1.0");
    CHECK(py_format(1234.5, ".2") == "1.2e+03");
    CHECK(py_format(0.0001234, "g") == "0.0001234");
    CHECK(py_format(1234567.0, "g") == "1.23457e+06");
    CHECK(py_format(1.0, "#.0f") == "1.");
    CHECK(py_format(12.5, "E") == "1.250000E+01");
    CHECK(py_format(std::int64_t{5}, "3d") == "  5");
    CHECK(py_format(std::int64_t{-5}, "3d") == " -5");
    CHECK(py_format(std::int64_t{1234}, "3d") == "1234");
    CHECK(py_format(std::int64_t{1234567}, "_d") == "1_234_567");
    CHECK(py_format(std::int64_t{255}, "#010x") == "0x000000ff");
    CHECK(py_format(std::int64_t{3}, ".1f") == "3.0");
    CHECK_THROWS_AS(py_format(6.0, "3d"), std::invalid_argument);
    CHECK_THROWS_AS(py_format(std::int64_t{6}, ".2d"), std::invalid_argument);
    CHECK_THROWS_AS(py_format(1.0, ".f"), std::invalid_argument);
}
