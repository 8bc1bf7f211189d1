// The honest routes of problems 1 and 2: the chapter's own steps with every intermediate figure
// carried at the places the problem prints and asks for (problem 3 is integers and one ratio of
// two integers, so its only honest result is the exact one).
#include "homework/key/honest_work.hpp"

#include <cmath>

#include "homework/problems/precision.hpp"

namespace attn::homework {

namespace {

std::vector<double> each_rounded(const std::vector<double>& xs, const Precision& p) {
    std::vector<double> out;
    for (double x : xs) out.push_back(rounded_to(x, p));
    return out;
}

// softmax as a student works it: exponentials (rounded to `exp_places` when given), their sum,
// each exponential over the sum. Subtracting the largest score first (as one may by hand) changes
// only the roundings, so it is its own route.
std::vector<double> by_hand_softmax(const std::vector<double>& scores, const Precision* exp_places, bool shift) {
    double top = scores[0];
    for (double x : scores) top = std::max(top, x);
    std::vector<double> e;
    for (double x : scores) {
        const double v = std::exp(shift ? x - top : x);
        e.push_back(exp_places ? rounded_to(v, *exp_places) : v);
    }
    double sum = 0;
    for (double v : e) sum += v;
    std::vector<double> w;
    for (double v : e) w.push_back(sum > 0 ? v / sum : 0.0);
    return w;
}

double slope(double alpha) { return alpha * (1.0 - alpha); }

}  // namespace

HonestProblem1 honest_problem1(const Problem1Solution& s) {
    const Precision dp4 = Precision::places(4), sf3 = Precision::significant(3);
    HonestProblem1 h;
    // (a) √2 written as 1.4142 (the chapter's figure), or 1/√2 as 0.7071.
    std::vector<double> by_14142, by_07071;
    for (double x : s.scores) {
        by_14142.push_back(x / 1.4142);
        by_07071.push_back(x * 0.7071);
    }
    h.scaled = {by_14142, by_07071};
    // The weights of (a) from each spelling of the scaled scores, exact or at 4 places, with the
    // exponentials exact or at 4 places (the chapter: 1.4142 → 4.1133, summed, divided).
    const std::vector<std::vector<double>> scaled_forms = {s.scaled, each_rounded(s.scaled, dp4),
                                                           each_rounded(by_14142, dp4), each_rounded(by_07071, dp4)};
    for (const auto& scaled : scaled_forms) {
        for (const Precision* places : {static_cast<const Precision*>(nullptr), &dp4}) {
            h.weights_a.push_back(by_hand_softmax(scaled, places, false));
        }
    }
    h.weights_b = {by_hand_softmax(s.scores, &dp4, false)};
    h.weights_c = {by_hand_softmax(s.scores_c, &sf3, false), by_hand_softmax(s.scores_c, &sf3, true)};
    // α₂(1 − α₂) from α₂ as the student wrote it down for (a) or (c).
    std::vector<std::vector<double>> alphas_a = h.weights_a, alphas_c = h.weights_c;
    alphas_a.push_back(s.weights_a);
    alphas_c.push_back(s.weights_c);
    for (const auto& w : alphas_a) h.slope_a.push_back({slope(rounded_to(w[1], dp4))});
    for (const auto& w : alphas_c) h.slope_c.push_back({slope(rounded_to(w[1], sf3))});
    return h;
}

HonestProblem2 honest_problem2(const Problem2Solution& s) {
    const Precision dp6 = Precision::places(6);
    HonestProblem2 h;
    h.kept_sum = {{s.printed.kept_sum}};
    const double exact_sum_printed = rounded_to(s.answer.kept_sum, dp6);
    std::vector<double> printed_over_exact_sum, exact_over_printed_sum;
    for (std::size_t i = 0; i < s.answer.kept.size(); ++i) {
        printed_over_exact_sum.push_back(s.printed.kept[i] / exact_sum_printed);
        exact_over_printed_sum.push_back(s.answer.kept[i] / s.printed.kept_sum);
    }
    h.weights = {s.printed.renormalised, printed_over_exact_sum, exact_over_printed_sum};
    return h;
}

}  // namespace attn::homework
