// The precision rule where rounding up crosses a power of ten (issue 22, item 12): 9.9997 to
// 4 significant figures is 10.00 (not 10.000, not 9.999), so the key shows one fewer decimal
// and a unit ten times larger, and an answer is graded against that unit. The expected texts
// are built digit by digit from the rule (n significant digits of 10^e), independently of
// {fmt}; the few fixed values were printed by Python ('%.3e' % 9.9995 == '9.999e+00': the
// binary 9.9995 lies below the tie).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "homework/problems/precision.hpp"

using namespace attn::homework;

namespace {

// 10^e to n significant figures as at_precision writes it (precision.hpp): positional with
// n - 1 - e decimals when that is 0..9, else e-notation; integers without a point.
std::string power_of_ten_text(int e, int n) {
    const int places = n - 1 - e;
    if (places > 9) {
        const std::string exponent = std::to_string(-e);
        return (n == 1 ? "1" : "1." + std::string(n - 1, '0')) + "e-" + (exponent.size() < 2 ? "0" : "") + exponent;
    }
    if (places <= 0) return "1" + std::string(e, '0');
    if (e >= 0) return "1" + std::string(e, '0') + "." + std::string(places, '0');
    return "0." + std::string(-e - 1, '0') + "1" + std::string(n - 1, '0');
}

// The significant digits of a key text: sign, point, leading zeros and exponent dropped.
std::string significant_digits(const std::string& text) {
    std::string out;
    for (char c : text.substr(0, text.find('e'))) {
        if (c >= '0' && c <= '9' && !(out.empty() && c == '0')) out += c;
    }
    return out;
}

// The unit of the last digit of a positional or e-notation key text (with a point).
double unit_of_text(const std::string& text) {
    const std::size_t e = text.find('e');
    const std::string mantissa = text.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
    const int exponent = e == std::string::npos ? 0 : std::atoi(text.c_str() + e + 1);
    return std::pow(10.0, exponent - decimals);
}

}  // namespace

TEST_CASE("significant figures: rounding up across a power of ten shows one fewer decimal") {
    int crossings = 0;
    for (int n = 1; n <= 6; ++n) {
        for (int e = -12; e <= 9; ++e) {
            const Precision sf = Precision::significant(n);
            const double power = std::pow(10.0, e);
            const double lower_unit = std::pow(10.0, e - n);      // the unit just below 10^e
            for (const double sign : {1.0, -1.0}) {
                const double up = sign * (power - 0.3 * lower_unit);     // rounds up to ±10^e
                const double stays = sign * (power - 0.7 * lower_unit);  // stays below
                CAPTURE(n);
                CAPTURE(e);
                CAPTURE(up);
                const std::string want = (sign < 0 ? "-" : "") + power_of_ten_text(e, n);
                const std::string key = at_precision(up, sf);
                CHECK(key == want);
                CHECK(rounded_to(up, sf) == std::strtod(want.c_str(), nullptr));
                const double unit = std::pow(10.0, e - n + 1);          // the unit at 10^e
                if (n - 1 - e >= 0) CHECK(unit_of_text(want) == doctest::Approx(unit).epsilon(1e-12));
                CHECK(unit_of(up, sf) == doctest::Approx(unit).epsilon(1e-12));
                // graded against the key's unit: within it right, past it wrong
                CHECK(within_one_unit(up - 0.95 * unit, up, sf));
                CHECK(within_one_unit(up + 0.95 * unit, up, sf));
                CHECK_FALSE(within_one_unit(up + 1.05 * unit, up, sf));
                CHECK_FALSE(within_one_unit(up - 1.05 * unit, up, sf));
                CHECK(is_correctly_rounded(sign * power, up, sf));
                // the value just below keeps its magnitude: n significant digits, all nines
                const std::string digits = significant_digits(at_precision(stays, sf));
                CHECK(digits.substr(0, n) == std::string(n, '9'));
                CHECK(digits.find_first_not_of('0', n) == std::string::npos);   // integers: zeros after
                CHECK(unit_of(stays, sf) == doctest::Approx(lower_unit).epsilon(1e-12));
                ++crossings;
            }
        }
    }
    CHECK(crossings == 6 * 22 * 2);
}

TEST_CASE("significant figures: the binary value decides a printed tie (Python's '%.3e')") {
    const Precision sf4 = Precision::significant(4);
    CHECK(at_precision(9.9995, sf4) == "9.999");      // '%.3e' % 9.9995 == '9.999e+00'
    CHECK(at_precision(9.99951, sf4) == "10.00");     // '%.3e' % 9.99951 == '1.000e+01'
    CHECK(at_precision(0.99995, sf4) == "1.000");     // '%.3e' % 0.99995 == '1.000e+00'
    CHECK(at_precision(99.995, sf4) == "100.0");      // '%.3e' % 99.995 == '1.000e+02'
    CHECK(at_precision(0.099995, sf4) == "0.1000");   // '%.3e' % 0.099995 == '1.000e-01'
    // and decimal places never change with the magnitude: '%.4f' % 0.99995 == '1.0000'
    CHECK(at_precision(0.99995, Precision::places(4)) == "1.0000");
    CHECK(unit_of(0.99995, Precision::places(4)) == doctest::Approx(1e-4));
}
