// Issue 29: the propagated-rounding rule (homework/key/bounds.hpp) on its own: what carrying a
// figure allows, softmax by hand as intervals, one common denominator for a vector's elements.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "homework/key/bounds.hpp"

using namespace attn::homework;

namespace {
std::vector<double> softmax(const std::vector<double>& s) {
    double top = s[0], sum = 0;
    for (double x : s) top = std::max(top, x);
    std::vector<double> w;
    for (double x : s) w.push_back(std::exp(x - top));
    for (double x : w) sum += x;
    for (double& x : w) x /= sum;
    return w;
}
CorrectWork softmax_work(const std::vector<double>& scores, Carry exps, Carry sum) {
    std::vector<Interval> s;
    for (double x : scores) s.push_back(Interval::point(x));
    CorrectWork w;
    for (bool shift : {false, true}) {
        if (auto q = softmax_by_hand(s, shift, exps, sum)) w.quotients.push_back(*q);
    }
    return w;
}
const std::vector<double> kUnits4(3, 1e-4);
}  // namespace

TEST_CASE("carried: the hull of the value and its allowed roundings") {
    const Interval e = carried(Interval::point(std::exp(1.0)), Carry{4, 4});
    CHECK(e.lo == doctest::Approx(2.718).epsilon(1e-12));   // 4 significant figures
    CHECK(e.hi == doctest::Approx(2.7183).epsilon(1e-12));  // 4 decimal places
    CHECK(e.contains(std::exp(1.0)));
    // Only decimal places: a tiny value may round to 0.
    const Interval tiny = carried(Interval::point(2e-9), Carry::decimals(4));
    CHECK(tiny.lo == 0.0);
    CHECK(tiny.hi == doctest::Approx(2e-9));
    // Only figures: it never does.
    CHECK(carried(Interval::point(2e-9), Carry::significant(4)).lo > 0);
}

TEST_CASE("softmax by hand: decimal places only from where the largest exponential keeps 2 figures") {
    // exp(-40) is 4e-18: no places up to 12 keep 2 of its figures, so decimal places are no way to
    // carry these (0/0 at 4 places); significant figures are, and so is subtracting the largest.
    const std::vector<Interval> far = {Interval::point(-40), Interval::point(-42), Interval::point(-45)};
    CHECK_FALSE(softmax_by_hand(far, false, Carry::decimals(4), Carry{4, 4}).has_value());
    CHECK(softmax_by_hand(far, true, Carry::decimals(4), Carry{4, 4}).has_value());
    CHECK(softmax_by_hand(far, false, Carry::significant(4), Carry{4, 4}).has_value());
    // exp(-6) = 0.00248 keeps 2 figures at 4 places (0.0025); exp(-9) = 0.000123 needs 5 (0.00012):
    // then 4-place roundings (0.0001) are not in the hull, 5-place ones are.
    const auto four = softmax_by_hand({Interval::point(-6), Interval::point(-9)}, false, Carry::decimals(4), Carry{4, 4});
    REQUIRE(four.has_value());
    CHECK(four->numerators[0].hi == doctest::Approx(0.0025));
    const auto five = softmax_by_hand({Interval::point(-9), Interval::point(-10)}, false, Carry::decimals(4), Carry{4, 4});
    REQUIRE(five.has_value());
    CHECK(five->numerators[0].lo == doctest::Approx(0.00012).epsilon(1e-9));
    CHECK_FALSE(five->numerators[0].contains(0.0001));
    const std::vector<Interval> scores = {Interval::point(-20), Interval::point(-22), Interval::point(-25)};
    // The zero vector is wrong whatever the carrying: issue 29, point 1 (p01916's hw1.b).
    CorrectWork w = softmax_work({-20, -22, -25}, Carry::decimals(4), Carry{4, 4});
    CHECK_FALSE(correct_work_gives(w, {0, 0, 0}, kUnits4));
    CHECK(correct_work_gives(w, {0.8756, 0.1185, 0.0059}, kUnits4));
}

TEST_CASE("one computation per vector: exact weights right, shifted elements and wrong sums wrong") {
    const std::vector<double> s = {2, 0, 2};
    const std::vector<double> w = softmax(s);
    const CorrectWork work = softmax_work(s, Carry{4, 4}, Carry{4, 4});
    CHECK(correct_work_gives(work, w, kUnits4));
    CHECK(correct_work_gives(work, {0.4683, 0.0634, 0.4683}, kUnits4));
    CHECK_FALSE(correct_work_gives(work, {0.4683, 0.0634, 0.4700}, kUnits4));
    CHECK_FALSE(correct_work_gives(work, {0.4683, 0.0634, 0.4660}, kUnits4));   // 10 units off
    CHECK_FALSE(correct_work_gives(work, {0, 0, 0}, kUnits4));
    CHECK_FALSE(correct_work_gives(work, {0.5, 0.0, 0.5}, kUnits4));
    // Forced to sum to 1: the largest takes what the others leave.
    CHECK(correct_work_gives(work, {0.4683, 0.0634, 0.4683}, kUnits4));
    CHECK(correct_work_gives(work, {0.4684, 0.0634, 0.4682}, kUnits4));
}

TEST_CASE("forced to sum to 1 with four elements: the remainder may be more than one unit") {
    // Four equal-ish kept weights at 6 places: each rounded up by half a unit, the last absorbs 1.5 units.
    Quotients q;
    q.sum_carry = Carry::decimals(6);
    for (double x : {0.1000004, 0.2000004, 0.3000004, 0.1000004}) q.numerators.push_back(Interval::point(x));
    CorrectWork work;
    work.quotients.push_back(q);
    const double sum = 0.7000016;
    std::vector<double> given;
    for (double x : {0.1000004, 0.2000004, 0.3000004}) given.push_back(std::round(x / sum * 1e6) / 1e6);
    given.push_back(1.0 - given[0] - given[1] - given[2]);
    given[3] = std::round(given[3] * 1e6) / 1e6;
    CHECK(correct_work_gives(work, given, std::vector<double>(4, 1e-6)));
}

TEST_CASE("proportional: one factor for every element") {
    Proportional p{{2, 0, 2}, carried(Interval::point(1 / std::sqrt(2.0)), Carry{4, 4})};
    CorrectWork work;
    work.proportional.push_back(p);
    CHECK(correct_work_gives(work, {1.4142, 0, 1.4142}, kUnits4));
    CHECK(correct_work_gives(work, {1.4142, 0.0001, 1.4143}, kUnits4));
    CHECK_FALSE(correct_work_gives(work, {1.4142, 0, 1.4160}, kUnits4));
    CHECK_FALSE(correct_work_gives(work, {0, 0, 0}, kUnits4));
}

TEST_CASE("slope_range: the image of x(1 - x)") {
    const Interval r = slope_range({0.4, 0.6});
    CHECK(r.lo == doctest::Approx(0.24));
    CHECK(r.hi == 0.25);
    CHECK(slope_range({0.1, 0.2}).lo == doctest::Approx(0.09));
}

TEST_CASE("prepare_work changes no verdict: prepared and unprepared work judge 20 000 answers alike") {
    // prepare_work only caches what the judge computes per answer (hulls, carried sums): any
    // difference here is a cache that went stale or was filled from other numbers.
    std::uint64_t state = 12345;
    auto uniform = [&state] {   // SplitMix64 in [0, 1): a fixed stream, the same on every machine
        state += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
    };
    int agreed = 0, right = 0;
    for (int variant = 0; variant < 200; ++variant) {
        const std::vector<double> s = {std::round(uniform() * 40 - 20), std::round(uniform() * 40 - 20),
                                       std::round(uniform() * 40 - 20)};
        const CorrectWork plain = softmax_work(s, Carry{4, 4}, Carry{4, 4});
        CorrectWork prepared = plain;
        prepare_work(prepared, 3);
        const std::vector<Interval> hulls = element_hulls(plain, 3);
        REQUIRE(prepared.hulls.size() == 3);
        for (std::size_t i = 0; i < 3; ++i) {
            CHECK(prepared.hulls[i].lo == hulls[i].lo);
            CHECK(prepared.hulls[i].hi == hulls[i].hi);
        }
        const std::vector<double> w = softmax(s);
        for (int k = 0; k < 100; ++k) {
            std::vector<double> given = w;
            for (double& x : given) x = std::round((x + (uniform() - 0.5) * 2e-3 * (k % 4)) * 1e4) / 1e4;
            const bool a = correct_work_gives(plain, given, kUnits4), b = correct_work_gives(prepared, given, kUnits4);
            agreed += a == b;
            right += b;
        }
    }
    CHECK(agreed == 20000);
    CHECK(right > 1000);            // both verdicts occur: the comparison is not of all-wrong answers
    CHECK(right < 20000);
}

TEST_CASE("the carried sum is off by half a unit of its place, not a whole one (issue 43)") {
    // Numerators in [0.10, 0.12] and [0.20, 0.22], their sum carried to 2 places (so S within 0.005
    // of n1 + n2). {0.3609, 0.6617} needs n1 + n2 = 1.0226 S, off S by 0.0226 S >= 0.0068 for any
    // S >= 0.30: more than half a unit of the second place, so no one computation gives it. With a
    // whole unit (0.01) allowed it would pass (S near 0.31): the bound must stay half a unit.
    Quotients q;
    q.sum_carry = Carry::decimals(2);
    q.numerators = {{0.10, 0.12}, {0.20, 0.22}};
    CorrectWork work;
    work.quotients.push_back(q);
    const std::vector<double> units(2, 1e-4);
    CHECK_FALSE(correct_work_gives(work, {0.3609, 0.6617}, units));
    // What one computation does give: n = (0.11, 0.21), S = 0.32 exactly, and S carried as 0.32.
    CHECK(correct_work_gives(work, {0.3438, 0.6563}, units));
    // n = (0.10, 0.20), S = 0.30 carried within half a unit (0.305): 0.3279, 0.6557.
    CHECK(correct_work_gives(work, {0.3279, 0.6557}, units));
}
