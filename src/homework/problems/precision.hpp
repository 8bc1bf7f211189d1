#pragma once
// The grading rule for numbers. Each item asks for a precision: decimal places ("4 dp") or
// significant figures ("3 sf"). An answer is right when it lies within one unit of that last
// asked place of the exact value, |given − exact| ≤ unit, so 0.0966 and 0.0967 are both right for
// exact 0.09664 to 4 places and 0.0968 is not. Exact items (integers, booleans) use `exact`.
#include <string>

namespace attn::homework {

struct Precision {
    enum class Kind { exact, places, significant };
    Kind kind = Kind::exact;
    int digits = 0;
    // A teacher's tolerance from the course file ([tolerance] rtol / atol): when either is above 0,
    // |given − exact| ≤ atol + rtol·|exact| replaces the one-unit rule (and exactness for
    // integers). The asked digits still say how the value is shown.
    double rtol = 0, atol = 0;
    bool has_tolerance() const { return rtol > 0 || atol > 0; }

    static Precision exactly() { return {Kind::exact, 0}; }
    static Precision places(int n) { return {Kind::places, n}; }
    static Precision significant(int n) { return {Kind::significant, n}; }
};

// The size of one unit of the last asked place for this exact value: 10^-dp, or for significant
// figures 10^(floor(log10|exact|) − sf + 1) (10^-sf when exact is 0). 0 for exact items.
double unit_of(double exact, const Precision& p);

// |given − exact| ≤ unit (with a relative 1e-9 slack for the binary representation of decimals).
// Exact items: given == exact. With a tolerance, the tolerance. NaN and infinities are never within.
bool within_one_unit(double given, double exact, const Precision& p);

// The exact value correctly rounded to the asked precision, as a decimal text that is also a
// valid TOML number: "0.0966", "0.0000227", "2.27e-26" (sf, tiny), "9216" (exact integers).
std::string at_precision(double exact, const Precision& p);

// The exact value rounded to the asked precision, as a number: what a student writes down when
// they round an intermediate figure to the places the problem asks for.
double rounded_to(double exact, const Precision& p);

// Whether `given` is what `at_precision` shows (the correctly rounded value).
bool is_correctly_rounded(double given, double exact, const Precision& p);

// "4 decimal places", "3 significant figures", "exact".
std::string describe(const Precision& p);
// "4 dp", "3 sf", "exact": for tables; a tolerance is added: "4 dp, rtol 0.0001", "exact, atol 2".
std::string describe_short(const Precision& p);

}  // namespace attn::homework
