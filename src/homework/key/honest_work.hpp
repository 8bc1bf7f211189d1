#pragma once
// What correct work from the numbers printed on the sheet gives, key by key. The rule (stated in
// `attn homework --help` and docs/homework.md): an answer is right when it is within one unit of
// the last asked place of the exact value, or of what the problem's own steps give when each
// figure is carried at the places the problem prints and asks for. A student who divides the
// printed 6-place weights of problem 2 by their printed sum, or who rounds 1(a)'s scaled scores
// and exponentials to 4 places as the chapter's worked answer does, is never marked wrong.
//
// Only honest routes are listed (the chapter's steps, with the printed roundings); the known
// mistakes (answer_key.hpp) stay wrong, which tests/unit/homework/test_homework_fair.cpp checks over many
// variants.
#include <vector>

#include "homework/problems/problems.hpp"

namespace attn::homework {

// One alternative result per route, each a whole answer (one value per element of the key).
using Routes = std::vector<std::vector<double>>;

struct HonestProblem1 {
    Routes scaled;      // hw1.a.scaled: k.q / 1.4142 and k.q × 0.7071
    Routes weights_a;   // hw1.a.weights: from scaled scores and exponentials at 4 places
    Routes weights_b;   // hw1.b.weights: from exponentials at 4 places
    Routes weights_c;   // hw1.c.weights: from exponentials at 3 significant figures
    Routes slope_a;     // hw1.c.slope_a: α₂(1 − α₂) with α₂ as (a) gives it to 4 places
    Routes slope_c;     // hw1.c.slope_c: α₂(1 − α₂) with α₂ as (c) gives it to 3 figures
};

struct HonestProblem2 {
    Routes kept_sum;    // hw2.a.kept_sum: the printed 6-place weights added
    Routes weights;     // hw2.b.weights: printed weights over the printed (or exact) sum
};

HonestProblem1 honest_problem1(const Problem1Solution& s);
HonestProblem2 honest_problem2(const Problem2Solution& s);

}  // namespace attn::homework
