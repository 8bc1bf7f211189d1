// Problems 1 and 2's correct work as propagated bounds (honest_work.hpp, key/bounds.hpp).
#include "homework/key/honest_work.hpp"

#include <cmath>

namespace attn::homework {

// Figures the chapter does not print (√2, exponentials, sums): at least 4 decimal places or at
// least 4 significant figures.
constexpr Carry kUnprinted{4, 4};

namespace {

HonestProblem1 honest_problem1(const Problem1Solution& s) {
    HonestProblem1 h;
    // (a) k·q/√2: 1/√2 carried (0.7071, 0.70711, ...), or √2 carried (1.4142, 1.414, ...) and divided
    // by. One student uses one factor for all three scores (issue 43): each factor is its own
    // computation, so that the scores move together (an interval per score would let one score use
    // 1.414 and the next 0.7071, and the weights of p00218 spread over 40 units). The factors with 4
    // figures are points (0.7071, 1/1.4142, 1/1.414); those with 5 or more lie within
    // [0.7071068, 0.70711] of 1/√2 (0.70711, 1/1.41421, 0.707107, ...): one interval.
    const double root2 = std::sqrt(2.0);
    const Interval fine_times = carried(Interval::point(1 / root2), Carry{5, 5});
    const Interval fine_by = carried(Interval::point(root2), Carry{5, 6});
    const std::vector<Interval> factors = {Interval::point(0.7071), Interval::point(1 / 1.4142),
                                           Interval::point(1 / 1.414),
                                           hull(fine_times, Interval{1 / fine_by.hi, 1 / fine_by.lo})};
    for (const Interval& f : factors) {
        h.scaled.proportional.push_back({s.scores, f});
        // The scaled scores the student goes on with: k·q times this factor, carried at >= 4 places (asked).
        std::vector<Interval> scaled;
        for (double k : s.scores) {
            const Interval x{std::min(k * f.lo, k * f.hi), std::max(k * f.lo, k * f.hi)};
            scaled.push_back(carried(x, Carry::decimals(4)));
        }
        const CorrectWork w = softmax_work(scaled, 4, 4, kUnprinted);
        h.weights_a.quotients.insert(h.weights_a.quotients.end(), w.quotients.begin(), w.quotients.end());
    }
    h.weights_b = softmax_work(point_intervals(s.scores), 4, 4, kUnprinted);
    // (c) asks 3 significant figures, of weights as small as 1e-30: its exponentials and sum are
    // carried in significant figures (at least the 3 asked); decimal places would lose the small
    // weights' figures (exp(-20) is 0.0000), so they are not correct work here.
    h.weights_c = softmax_work(point_intervals(s.scores_c), -1, 3, Carry::significant(3));
    h.slope_a = slope_work(h.weights_a, 1, s.weights_a[1], Carry::decimals(4));   // α₂
    h.slope_c = slope_work(h.weights_c, 1, s.weights_c[1], Carry::significant(3));
    // What the judge reads for every answer, once per key.
    const std::size_t n = s.scores.size();
    prepare_work(h.scaled, n);
    prepare_work(h.weights_a, n);
    prepare_work(h.weights_b, n);
    prepare_work(h.weights_c, s.scores_c.size());
    prepare_work(h.slope_a, 1);
    prepare_work(h.slope_c, 1);
    return h;
}

HonestProblem2 honest_problem2(const Problem2Solution& s) {
    HonestProblem2 h;
    // The sheet prints the column at 6 places: the printed figures, or the exact ones.
    h.kept_sum.scalars = {hull(Interval::point(s.printed.kept_sum), Interval::point(s.answer.kept_sum))};
    Quotients q;
    q.sum_carry = Carry::decimals(6);   // (a)'s sum, asked at 6 places
    for (std::size_t i = 0; i < s.answer.kept.size(); ++i) {
        q.numerators.push_back(hull(Interval::point(s.printed.kept[i]), Interval::point(s.answer.kept[i])));
    }
    h.weights.quotients = {q};
    // Over the sum (a) asks for, as printed or exact, whatever numerators are used with it.
    q.denominator = hull(Interval::point(s.printed.kept_sum), Interval::point(s.answer.kept_sum));
    h.weights.quotients.push_back(q);
    return h;   // prepared by honest_work, with problem 1's work
}

}  // namespace

HonestWork honest_work(const Solutions& solutions) {
    HonestWork h;
    // Problem 2's work is set down first and prepared after problem 1's, so that the bounds'
    // arithmetic (key/bounds.cpp) is entered once per key, in one stretch.
    h.p2 = honest_problem2(solutions.p2);
    h.p1 = honest_problem1(solutions.p1);
    prepare_work(h.p2.kept_sum, 1);
    prepare_work(h.p2.weights, solutions.p2.answer.kept.size());
    return h;
}

}  // namespace attn::homework
