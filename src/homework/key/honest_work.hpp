#pragma once
// What correct work from the numbers printed on the sheet gives, key by key, as the propagated
// bounds of homework/key/bounds.hpp (the rule is stated there, in `attn homework --help` and in
// docs/homework.md): problem 1's steps (k·q, /√2, exponentials with or without the largest score
// subtracted, their sum, the quotients, α₂(1 − α₂)) with every figure carried as the rule allows,
// and problem 2's printed 6-place weights over their sum. Problem 3 is integers and one ratio of
// two integers: its only correct result is the exact one.
//
// Nothing here lists a student's route: each step's rounding is propagated as an interval, and a
// vector is judged as one computation (bounds.hpp). The known mistakes (answer_key.hpp) stay
// wrong wherever they lie outside these bounds, which tests/test_homework_fair.cpp checks.
#include "homework/key/bounds.hpp"
#include "homework/problems/problems.hpp"

namespace attn::homework {

struct HonestProblem1 {
    CorrectWork scaled;      // hw1.a.scaled: k·q × (1/√2 carried)
    CorrectWork weights_a;   // hw1.a.weights: softmax by hand of the scaled scores as carried
    CorrectWork weights_b;   // hw1.b.weights: softmax by hand of the integer scores
    CorrectWork weights_c;   // hw1.c.weights: the same for (c), exponentials at ≥ 3 figures allowed
    CorrectWork slope_a;     // hw1.c.slope_a: α₂(1 − α₂) over the α₂ correct work gives in (a)
    CorrectWork slope_c;     // hw1.c.slope_c: the same for (c)
};

struct HonestProblem2 {
    CorrectWork kept_sum;    // hw2.a.kept_sum: the printed weights added (or the exact sum)
    CorrectWork weights;     // hw2.b.weights: printed (or exact) weights over their sum at ≥ 6 places
};

struct HonestWork {
    HonestProblem1 p1;
    HonestProblem2 p2;
};

// Problems 1 and 2's correct work for one variant's solutions, computed once for the whole key.
HonestWork honest_work(const Solutions& solutions);

}  // namespace attn::homework
