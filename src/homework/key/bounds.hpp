#pragma once
// What correct work from the printed numbers can give: the grading rule of issue 29, derived by
// propagating the rounding of every figure through the problem's steps, not by listing routes.
//
// The rule, as a student can check it by hand (also in `attn homework --help` and
// docs/homework.md):
//   * every figure the problem prints or asks for is carried at least at the places it is printed
//     or asked (the scaled scores of 1(a) at 4 decimal places, problem 2's weights at 6);
//   * every figure it does not print (√2, e, an exponential, a sum) at least at 4 decimal places or
//     at least 4 significant figures (or the part's own asked figures, if fewer: 3 in 1(c); e and
//     √2 always at 4), as with a calculator or a 4-figure table; more is always fine, exact is fine;
//   * any correct order of operations, in particular subtracting the largest score before the
//     exponentials or not;
//   * the answer is then right when each number lies within one unit of its last asked place of
//     what such a computation gives, and a vector's numbers come from ONE such computation
//     (weights: one common denominator, the carried sum of the very numerators used);
//   * a computation that loses the significance of its exponentials is not correct work: in
//     decimal places the largest exponential (and the sum) must keep at least 2 significant
//     figures (0.0025 at 4 places; 0.0001 or 0.0000 not), so places start where they do;
//   * weights forced to sum to exactly 1 (one of them written as 1 minus the others, or the
//     largest taking the remainder) are right when all the others are.
//
// Each rounding a student may do is a monotone function of the value rounded, so the values a
// student can write for a figure known to lie in [lo, hi] form the hull of [lo, hi] and of the
// roundings of lo and hi (`carried`). Exponentials are monotone too. The rest is interval
// arithmetic, except where values share a factor or a denominator: there the check asks for one
// common factor or denominator that explains every element (`correct_work_gives`).
#include <algorithm>
#include <optional>
#include <vector>

namespace attn::homework {

struct Interval {
    double lo = 0, hi = 0;
    static Interval point(double x) { return {x, x}; }
    bool contains(double x) const { return lo <= x && x <= hi; }
};
inline Interval hull(Interval a, Interval b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

// How a figure may be carried: rounded to at least `places` decimal places (places < 0: not in
// decimal places) or to at least `figures` significant figures (figures <= 0: not in figures).
struct Carry {
    int places = 4;
    int figures = 4;
    static Carry decimals(int p) { return {p, 0}; }
    static Carry significant(int f) { return {-1, f}; }
};

// The hull of x and of every value the carrying allows for a number in x (roundings to k ≥ places
// decimals and k ≥ figures significant figures, exactly as a decimal is rounded).
Interval carried(Interval x, Carry c);

// A vector computed as numerators over one denominator: n_i (each within its interval) divided by
// S, where S is the sum of those n_i carried as `sum_carry` (a softmax by hand: exponentials over
// their sum; problem 2: the kept weights over their sum).
struct Quotients {
    std::vector<Interval> numerators;
    Carry sum_carry;
    // A denominator known apart from the numerators, carried as `sum_carry` (problem 2: the kept
    // sum, as printed or exact, which (a) asks for): then S is any carried value of it.
    std::optional<Interval> denominator;
    // S as carried (carried_denominator), once per key: filled by prepare_work, which the judge
    // then reads for every answer; without it the judge computes it.
    struct CarriedSum {
        bool ready = false;
        std::optional<Interval> sum;   // nullopt: the computation lost all significance
        Carry kept;                    // the ways of carrying left (for the carrying error)
    } carried_sum;
};

// A vector proportional to known factors: f_i · c for one c in `scale` (the scaled scores of 1(a):
// k·q times 1/√2 as carried).
struct Proportional {
    std::vector<double> factors;
    Interval scale;
};

// Every correct computation of one answer (a vector or a scalar), each whole.
struct CorrectWork {
    std::vector<Quotients> quotients;
    std::vector<Proportional> proportional;
    std::vector<Interval> scalars;   // a scalar answer: each interval one computation
    // element_hulls(*this, n) for the answer's n elements, computed once with the key by
    // prepare_work (the judge reads it for every answer it grades); empty: the judge computes it.
    std::vector<Interval> hulls;
    bool empty() const { return quotients.empty() && proportional.empty() && scalars.empty(); }
};

// Softmax by hand of scores each within an interval: exp(s_i), or exp(s_i − s_top) when `shift`
// (s_top the largest score), each carried as `exp_carry` (in decimal places only from where the
// largest keeps 2 significant figures); the sum carried as `sum_carry`. nullopt when the
// computation loses all significance (no places keep 2 figures, or the carried sum can be 0).
std::optional<Quotients> softmax_by_hand(const std::vector<Interval>& scores, bool shift, Carry exp_carry, Carry sum_carry);

// Every softmax by hand of `scores` the rule allows, each its own computation: the largest score
// subtracted or not, the exponentials carried in at least `places` decimal places (places < 0:
// not in places) or in at least `figures` significant figures, their sum as `sum_carry`. A
// computation that loses all significance is left out (rounding every exponential to 0 in one of
// them does not spoil the others).
CorrectWork softmax_work(const std::vector<Interval>& scores, int places, int figures, Carry sum_carry);

// Exact numbers as intervals of one point each.
std::vector<Interval> point_intervals(const std::vector<double>& xs);

// The interval each element of a Quotients can take (n_i / S over the whole of both ranges):
// what a later part computed from that element starts from.
std::vector<Interval> element_ranges(const Quotients& q);

// Element i's range over every computation of `work` (for partial credit, element by element).
std::vector<Interval> element_hulls(const CorrectWork& work, std::size_t n);

// f(x) = x(1 − x) over an interval (its image; 1/4 where the interval holds 1/2).
Interval slope_range(Interval alpha);

// α(1 − α) (1(c)) from every α that `weights`' computations give for element `element`, and from
// the exact α, each α written as `written` allows.
CorrectWork slope_work(const CorrectWork& weights, std::size_t element, double exact_alpha, Carry written);

// What the judge reads for every answer, computed once when the key is built: each element's hull
// (element_hulls) for an answer of `n` elements and each computation's carried sum. Only a speed-up:
// judging an unprepared CorrectWork gives the same verdicts (tests/unit/homework checks both).
void prepare_work(CorrectWork& work, std::size_t n);

// Whether `given` (one number per element) is what one correct computation of `work` gives, each
// element within units[i] (one unit of its last asked place). Weights that sum to exactly 1 are
// also right when every element but one is and that one is within the sum of all the units (it
// took the remainder of the others' roundings).
bool correct_work_gives(const CorrectWork& work, const std::vector<double>& given, const std::vector<double>& units);

}  // namespace attn::homework
