// `attn udl 12.2 --diagnose` where no test looked before (issue 22, item 12): special numbers
// in a student's print (nan, inf, -inf, -0.; "-nan" NumPy never prints) and the summarising
// threshold's edge (NumPy summarises only above 1000 elements: a 20 x 50 X' is printed whole,
// a 21 x 48 one is summarised).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "errors.hpp"
#include "experiments/udl.hpp"
#include "test_experiments_udl_support.hpp"
#include "print/numpy_array.hpp"

using namespace attn;
using experiments::UdlOptions;

namespace {

results::UdlDiagnosis diagnose_with(const UdlOptions& o, const std::string& printed) {
    return test::diagnose_printed(o, printed);
}

std::string refusal(const UdlOptions& o, const std::string& printed) {
    try {
        diagnose_with(o, printed);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

UdlOptions sized(long d, long n, long h) {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.d = d;
    o.n = n;
    o.h = h;
    return o;
}

// The right X' at these options, printed by NumPy's rules with this threshold.
std::string printed_right(const UdlOptions& o, std::size_t threshold) {
    const results::UdlReport r = experiments::run_udl(o);
    print::PrintOptions p;
    p.precision = 3;
    p.threshold = threshold;
    return print::array_str(r.nb122.x_prime.values, r.nb122.x_prime.shape, p);
}

// `text` with its first printed number (row 1, column 1) replaced by `number`.
std::string with_first(const std::string& text, const std::string& number) {
    const std::size_t from = text.find_first_not_of(" [");
    const std::size_t to = text.find_first_of(" ]\n", from);
    return text.substr(0, from) + number + text.substr(to);
}

}  // namespace

TEST_CASE("udl diagnose: nan, inf, -inf and -0. in a print match nothing and are shown as given") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    const std::string right = printed_right(o, 1000);
    REQUIRE(diagnose_with(o, right).match == "right");
    for (const std::string special : {"nan", "inf", "-inf", "-0.", "0."}) {
        CAPTURE(special);
        const results::UdlDiagnosis d = diagnose_with(o, with_first(right, special));
        CHECK(d.match.empty());
        CHECK(d.differs);
        CHECK(d.row == 0);
        CHECK(d.col == 0);
        CHECK(d.yours == special);
        if (special == "nan") CHECK(std::isnan(d.difference));
        if (special == "inf") CHECK(d.difference == HUGE_VAL);
        if (special == "-inf") CHECK(d.difference == -HUGE_VAL);
        if (special == "-0." || special == "0.") CHECK(d.difference == doctest::Approx(-d.right));
    }
    // a print of nothing but special numbers says nothing of a precision: still no match
    std::string all_nan = right;
    for (std::size_t i = 0; i < 48; ++i) {
        const std::size_t from = all_nan.find_first_of("-0123456789");
        if (from == std::string::npos) break;
        const std::size_t to = all_nan.find_first_of(" ]\n", from);
        all_nan = all_nan.substr(0, from) + "nan" + all_nan.substr(to);
    }
    CHECK(all_nan.find_first_of("0123456789") == std::string::npos);
    CHECK(diagnose_with(o, all_nan).match.empty());
    // NumPy prints every NaN as "nan": "-nan" is no NumPy text
    CHECK(refusal(o, with_first(right, "-nan")) == "--diagnose: row 1: '-nan' is not a number");
    CHECK(refusal(o, with_first(right, "+inf")).find("is not a number") != std::string::npos);
}

TEST_CASE("udl diagnose: NumPy summarises above 1000 elements, not at 1000") {
    // 20 x 50 = 1000 elements: printed whole; a summarised print of it is refused
    const UdlOptions at_threshold = sized(20, 50, 2);
    CHECK(diagnose_with(at_threshold, printed_right(at_threshold, 1000)).match == "right");
    CHECK(refusal(at_threshold, printed_right(at_threshold, 999)).find("NumPy prints all D x N = 1000 elements") !=
          std::string::npos);
    // 21 x 48 = 1008 elements: summarised by NumPy, and that print is the right answer
    const UdlOptions above = sized(21, 48, 3);
    const std::string summarised = printed_right(above, 1000);
    REQUIRE(summarised.find("...") != std::string::npos);
    CHECK(diagnose_with(above, summarised).match == "right");
    // its rows' "..." line dropped (3 rows before it, 3 after, no gap): not the 21 rows of X'
    std::string no_row_gap = summarised;
    const std::size_t dots = no_row_gap.find("\n ...\n");
    REQUIRE(dots != std::string::npos);
    no_row_gap.erase(dots, 5);
    CHECK_FALSE(refusal(above, no_row_gap).empty());
}
