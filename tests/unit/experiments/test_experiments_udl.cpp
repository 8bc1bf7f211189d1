// `attn udl`: the notebooks' softmaxes, the flag ranges, and --diagnose at another precision than
// the notebook's 3 (the byte-for-byte outputs are checked against the oracle by the golden files
// and tests/udl/udl_conformance_test.py).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "errors.hpp"
#include "core/numpy_exp.hpp"
#include "core/udl_softmax.hpp"
#include "experiments/udl.hpp"
#include "test_experiments_udl_support.hpp"
#include "print/numpy_array.hpp"
#include "render/udl_text.hpp"

using namespace attn;
using experiments::UdlMistake;
using experiments::UdlOptions;

TEST_CASE("udl softmax_cols: columns sum to 1, and no max is subtracted (exp overflows as in the notebook)") {
    core::Matrix s = {{1.0, -2.0, 0.5}, {3.0, 0.25, -1.0}};
    const core::Matrix a = core::udl_softmax_cols(s);
    for (std::size_t c = 0; c < 3; ++c) CHECK(a(0, c) + a(1, c) == doctest::Approx(1.0));
    CHECK(a(0, 0) == core::numpy_exp(1.0) / (0.0 + core::numpy_exp(1.0) + core::numpy_exp(3.0)));
    const core::Matrix big = core::udl_softmax_cols(core::Matrix{{800.0}, {1.0}});
    CHECK(std::isnan(big(0, 0)));   // inf / inf: what the notebook's softmax prints
    const core::Matrix rows = core::udl_softmax_rows(s);
    CHECK(rows(0, 0) + rows(0, 1) + rows(0, 2) == doctest::Approx(1.0));
}

TEST_CASE("udl softmax_list: a running sum from 0 in list order, not a pairwise sum") {
    const std::vector<double> s = {0.1, 0.7, -3.0, 2.5, 1e-3, 0.3, -0.2, 4.0, 1.5};
    const std::vector<double> a = core::udl_softmax_list(s);
    double denom = 0.0;
    for (double x : s) denom = denom + core::numpy_exp(x);
    for (std::size_t i = 0; i < s.size(); ++i) CHECK(a[i] == core::numpy_exp(s[i]) / denom);
}

TEST_CASE("udl validate: ranges and flags that belong to 12.2 only") {
    auto message = [](UdlOptions o) {
        try {
            experiments::validate(o);
        } catch (const UsageError& e) {
            return std::string(e.what());
        }
        return std::string("ok");
    };
    UdlOptions o;
    CHECK(message(o) == "ok");
    o.n = 51;
    CHECK(message(o) == "--n: must be in 1..50 (got 51)");
    o = {};
    o.seed_x = 4294967296L;
    CHECK(message(o) == "--seed-x: must be in 0..4294967295 (got 4294967296)");
    o = {};
    o.mistake = UdlMistake::no_bias;
    CHECK(message(o) == "--mistake: applies to notebook 12.2 only");
    o = {};
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.h = 3;
    CHECK(message(o) == "--h: must divide D = 8 (got 3)");
    o.d = 2;
    CHECK(message(o) == "--h: must be in 1..2, at most D (got 3)");
}

namespace {

results::UdlDiagnosis diagnose(const UdlOptions& o, const std::string& printed) {
    return test::diagnose_printed(o, printed);
}

std::string printed_x_prime(UdlMistake mistake, int precision) {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.mistake = mistake;
    const results::UdlReport r = experiments::run_udl(o);
    print::PrintOptions p;
    p.precision = precision;
    return print::array_str(r.nb122.x_prime.values, r.nb122.x_prime.shape, p);
}

}  // namespace

TEST_CASE("udl diagnose: a printout at NumPy's default precision 8 is recognised too") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    CHECK(diagnose(o, printed_x_prime(UdlMistake::none, 8)).match == "right");
    for (UdlMistake m : experiments::udl_mistakes()) {
        const results::UdlDiagnosis d = diagnose(o, printed_x_prime(m, 8));
        CHECK(d.match == experiments::udl_mistake_name(m));
        CHECK(d.differs);
        CHECK_FALSE(d.explanation.empty());
    }
}

TEST_CASE("udl diagnose: a wrong shape is a usage error naming D and N") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.n = 5;
    try {
        diagnose(o, printed_x_prime(UdlMistake::none, 3));
        FAIL("accepted an 8 x 6 matrix for N = 5");
    } catch (const UsageError& e) {
        CHECK(std::string(e.what()) ==
              "--diagnose: X' has D = 8 rows and N = 5 columns with these flags (got 8 x 6)");
    }
}

TEST_CASE("udl: the notebooks' own printed true values (facts from notebooks 12.1 and 12.2)") {
    // Notebook 12.1 prints x_prime_0_true … x_prime_2_true; notebook 12.2 prints its "True
    // values" matrix with np.set_printoptions(precision=3). These lines are those values as the
    // solved notebooks print them.
    UdlOptions o;
    const std::string nb1 = render::udl_text(experiments::run_udl(o));
    CHECK(nb1.find("x_prime_0_calculated: [[ 0.94744244 -0.24348429 -0.91310441 -0.44522983]]\n") != std::string::npos);
    CHECK(nb1.find("x_prime_1_calculated: [[ 1.64201168 -0.08470004  4.02764044  2.18690791]]\n") != std::string::npos);
    CHECK(nb1.find("x_prime_2_calculated: [[ 1.61949281 -0.06641533  3.96863308  2.15858316]]\n") != std::string::npos);
    o.notebook = experiments::UdlNotebook::nb12_2;
    const std::string nb2 = render::udl_text(experiments::run_udl(o));
    CHECK(nb2.find("Your answer:\n"
                   "[[-21.207  -5.373 -20.933  -9.179 -11.319 -17.812]\n"
                   " [ -1.995   7.906 -10.516   3.452   9.863  -7.24 ]\n"
                   " [  5.479   1.115   9.244   0.453   5.656   7.089]\n"
                   " [ -7.413  -7.416   0.363  -5.573  -6.736  -0.848]\n"
                   " [-11.261  -9.937  -4.848  -8.915 -13.378  -5.761]\n"
                   " [  3.548  10.036  -2.244   1.604  12.113  -2.557]\n"
                   " [  4.888  -5.814   2.407   3.228  -4.232   3.71 ]\n"
                   " [  1.248  18.894  -6.409   3.224  19.717  -5.629]]\n") != std::string::npos);
}

TEST_CASE("udl 12.2 keeps each head's attention: H matrices N x N, columns summing to 1 (rows for softmax-rows)") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.d = 8;
    o.h = 4;
    o.n = 5;
    for (UdlMistake m : {UdlMistake::none, UdlMistake::softmax_rows}) {
        o.mistake = m;
        const results::UdlReport r = experiments::run_udl(o);
        REQUIRE(r.nb122.head_attentions.size() == 4);
        for (const results::Array& a : r.nb122.head_attentions) {
            REQUIRE(a.shape == results::Shape{5, 5});
            for (std::size_t i = 0; i < 5; ++i) {
                double sum = 0;
                for (std::size_t j = 0; j < 5; ++j) {
                    const double v = m == UdlMistake::none ? a.values[j * 5 + i] : a.values[i * 5 + j];
                    CHECK(v >= 0);
                    sum += v;
                }
                CHECK(sum == doctest::Approx(1.0).epsilon(1e-12));
            }
        }
    }
}

namespace {

// X' of 12.2 at these sizes, printed as NumPy would with these options.
std::string printed_right(long d, long n, int precision, std::size_t edgeitems = 3) {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    o.d = d;
    o.n = n;
    const results::UdlReport r = experiments::run_udl(o);
    print::PrintOptions p;
    p.precision = precision;
    p.edgeitems = edgeitems;
    return print::array_str(r.nb122.x_prime.values, r.nb122.x_prime.shape, p);
}

std::string usage_message(const UdlOptions& o, const std::string& printed) {
    try {
        diagnose(o, printed);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("udl diagnose: a verdict needs the text NumPy prints, at the printed precision") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    // 8 x 6 zeros written "0e9" or "0e9999": no NumPy print of any X' (the old tolerance, half a
    // unit of the "last digit" 10^9 or 10^9999, matched anything)
    for (const std::string zero : {"0e9", "0e9999", "0e-9"}) {
        std::string text = "[";
        for (int r = 0; r < 8; ++r) {
            text += r ? "\n [" : "[";
            for (int c = 0; c < 6; ++c) text += (c ? " " : "") + zero;
            text += "]";
        }
        text += "]";
        const results::UdlDiagnosis d = diagnose(o, text);
        CHECK_MESSAGE(d.match.empty(), zero);
        CHECK(d.differs);
        CHECK(d.yours == zero);
    }
    // the right answer at precisions 1..12 is right; one digit changed is not
    for (int precision = 1; precision <= 12; ++precision) {
        const std::string right = printed_x_prime(UdlMistake::none, precision);
        CHECK_MESSAGE(diagnose(o, right).match == "right", precision);
        std::string wrong = right;
        const std::size_t last = wrong.find_last_of("0123456789");
        wrong[last] = wrong[last] == '9' ? '8' : static_cast<char>(wrong[last] + 1);
        const results::UdlDiagnosis d = diagnose(o, wrong);
        CHECK_MESSAGE(d.match != "right", precision);
        CHECK(d.differs);
        CHECK(d.row == 7);
    }
}

TEST_CASE("udl diagnose: '...' only where NumPy summarises, with even edge items") {
    UdlOptions o;
    o.notebook = experiments::UdlNotebook::nb12_2;
    // 48 elements: NumPy never summarises them
    CHECK(usage_message(o, "[[0e9 0e9 ... 0e9 0e9]\n [0e9 0e9 ... 0e9 0e9]]").find(
              "NumPy prints all D x N = 48 elements") != std::string::npos);
    CHECK(usage_message(o, "[[1. 2. ... 3. 4. 5. 6.]\n ...\n [1. 2. ... 3. 4. 5. 6.]]").find(
              "NumPy prints all D x N = 48 elements") != std::string::npos);
    // 50 x 50 = 2500 elements: summarised, 3 edge items (NumPy's default) or the student's own
    o.d = 50;
    o.n = 50;
    CHECK(diagnose(o, printed_right(50, 50, 3)).match == "right");
    CHECK(diagnose(o, printed_right(50, 50, 4, 2)).match == "right");
    CHECK(diagnose(o, printed_right(50, 50, 8, 5)).match == "right");
    // the whole 50 x 50, as with threshold=sys.maxsize, is right too
    {
        UdlOptions full = o;
        const results::UdlReport r = experiments::run_udl(full);
        print::PrintOptions p;
        p.precision = 3;
        p.threshold = 100000;
        CHECK(diagnose(o, print::array_str(r.nb122.x_prime.values, r.nb122.x_prime.shape, p)).match ==
              "right");
    }
    // uneven sides of '...' (the first number after each row's '...' dropped): not NumPy's
    std::string uneven = printed_right(50, 50, 3);
    for (std::size_t at = uneven.find("..."); at != std::string::npos; at = uneven.find("...", at + 3)) {
        std::size_t from = at + 3;
        while (from < uneven.size() && (uneven[from] == ' ' || uneven[from] == '\n')) ++from;
        if (from == at + 3 || uneven.compare(at + 3, 1, "\n") == 0) continue;   // the rows' '...' line
        const std::size_t to = uneven.find_first_of(" \n]", from);
        uneven.erase(from, to - from);
    }
    CHECK(usage_message(o, uneven).find("same number of rows and columns on each side") != std::string::npos);
}
