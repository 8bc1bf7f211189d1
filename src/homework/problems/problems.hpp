#pragma once
// The maths of the chapter's three homework problems (section 04, 作業和解答), every number
// computed by the core and the experiments: problem 1 with the core's softmax down a column,
// problem 2 from the matrices `attn attention` and `attn mask` compute, problem 3 from the
// multiplications `attn multihead` counts. Plain data out; renderers and the grader read it.
//
// Each solution also carries what the known mistakes would give (no 1/√Dq, dividing by Dq instead
// of √Dq, masking after the softmax without renormalising, softmax along the wrong axis,
// forgetting Ωc), so that the grader can name the mistake behind a wrong answer.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "homework/problems/variant.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

// ---- problem 1 ---------------------------------------------------------------------------------
struct Problem1Solution {
    Problem1Params params;
    long dq = 2;
    double sqrt_dq = 0;
    std::vector<double> scores;        // (a) k_m · q                      (3)
    std::vector<double> scaled;        // (a) k_m · q / √Dq
    std::vector<double> exp_scaled;    // (a) exp of the scaled scores (as the chapter writes them)
    double sum_scaled = 0;
    // The sums of the exponentials as the worked solution prints them, 4 decimals each: what its
    // text adds (the chapter's 4.1133 + 1 + 4.1133 = 9.2266), so that its arithmetic adds up.
    double printed_sum_scaled = 0, printed_sum_unscaled = 0;
    std::vector<double> weights_a;     // (a) softmax(scaled)
    std::vector<double> exp_unscaled;  // (b) exp of the raw scores
    double sum_unscaled = 0;
    std::vector<double> weights_b;     // (b) softmax(scores)
    std::array<long, 2> query_c{};     // (c) q' = scale · q
    std::vector<double> scores_c;      // (c) k_m · q'
    std::vector<double> weights_c;     // (c) softmax(scores_c), unscaled
    double slope_a = 0;                // α₂(1 − α₂) with α₂ from (a)
    double slope_c = 0;                // α₂(1 − α₂) with α₂ from (c)
    // What the mistakes give.
    std::vector<double> scaled_by_dq;         // k·q / Dq
    std::vector<double> weights_a_by_dq;      // softmax(k·q / Dq)
    std::vector<double> weights_c_scaled;     // softmax(k·q' / √Dq): (c) with the scaling kept
    std::vector<double> weights_c_by_dq;      // softmax(k·q' / Dq)
    double slope_a_unscaled = 0;              // α₂(1 − α₂) from (b)
    double slope_a_by_dq = 0;
    double slope_c_scaled = 0;
};

// ---- problem 2 ---------------------------------------------------------------------------------
// Column c of A (1-based) with the inputs 1..c kept, as the chapter's (a), (b), (c).
struct MaskedColumn {
    std::vector<double> kept;          // A[0..c), not renormalised
    double kept_sum = 0;
    std::vector<double> renormalised;  // kept / kept_sum
};

struct Problem2Solution {
    Problem2Params params;
    long d = 6, n = 5, dq = 4;                 // the section-3 defaults (`attn attention`)
    std::vector<double> column_weights;        // A[:, c-1] from run_attention     (N)
    std::vector<double> column_scores;         // S[:, c-1]
    MaskedColumn answer;                       // (a), (b)
    // (a), (b) from the column as the sheet prints it (6 decimals): what the worked solution
    // computes with, so that its printed arithmetic adds up; the grader accepts it too.
    MaskedColumn printed;
    std::vector<double> masked_column;         // column c of run_mask's masked matrix  (N)
    double max_difference = 0;                 // max |(b) − masked column| over 1..c
    bool masked_rest_zero = false;             // masked column is 0 below c
    bool same_as_mask = false;                 // (c)
    // What the mistakes give (each kept and renormalised the same way).
    MaskedColumn wrong_axis;                   // softmax along the rows of S, column c
    MaskedColumn unscaled;                     // softmax of S·√Dq
    MaskedColumn by_dq;                        // softmax of S·√Dq / Dq
};

// ---- problem 3 ---------------------------------------------------------------------------------
// Parameters and multiplications of one multi-head layer, term by term as the chapter's (b):
// per head projections proj·(D/H)·D·N, scoring score·N²·(D/H), weighting weight·N²·(D/H); mixing
// mix·D²·N with Ωc. `full_width` is the mistake of giving every head width D instead of D/H.
struct CostFormula {
    long projections = 3;   // Ωq, Ωk, Ωv
    long scoring = 1;       // Kᵀ Q
    long weighting = 1;     // V A
    long mixing = 1;        // Ωc
    bool full_width = false;

    long linear_coefficient() const { return projections + mixing; }     // of D²N (H = 1 view)
    long quadratic_coefficient() const { return scoring + weighting; }   // of N²D
    long params_coefficient() const { return projections + mixing; }     // of D²

    std::string params_expression() const;     // "4*D^2"
    std::string muls_expression() const;       // "4*D^2*N + 2*N^2*D"
    std::string threshold_expression() const;  // N where the N² terms equal the rest: "2*D"
    double params(double d, double h = 1) const;
    double linear(double d, double n, double h = 1) const;     // projections + mixing
    double quadratic(double d, double n, double h = 1) const;  // scoring + weighting
    double muls(double d, double n, double h = 1) const;                  // linear + quadratic
    double threshold(double d, double h = 1) const;            // linear == quadratic
};

// What a cost formula answers at a variant's numbers (D, the two N): the key quotes these as data,
// for the chapter's formula and for each mistaken one, so that nothing downstream calls the formula.
struct CostAnswers {
    std::string params_expression, muls_expression, threshold_expression;   // (a), (b), (d)
    double params_d = 0;                       // (a) at D
    double muls_short = 0, muls_long = 0;      // (c) at N = n_short, n_long
    double threshold_d = 0;                    // (d) the N where the two parts are equal, at D (unrounded)
    double linear_at_threshold = 0;            // (d) each part at that N
};

struct CountedRow {
    long heads = 0;
    long n = 0;
    std::int64_t parameters = 0;
    std::int64_t multiplications = 0;
};

struct Problem3Solution {
    Problem3Params params;
    std::vector<long> heads = {1, 2, 3, 6};   // the chapter's sweep, run at every N below
    CostFormula formula;                       // the chapter's 4D²N + 2N²D
    long n_equal = 0;                          // (d) the threshold at D (2D)
    // What `attn multihead` counts, at N = n_short, n_long and n_equal, for every H of the sweep.
    std::vector<CountedRow> counted;
    bool counts_agree = false;                 // every counted row equals the formula
    // The key's numbers: from the counts (the formula is only checked against them).
    std::int64_t params_d = 0;                 // (a) at D
    std::int64_t muls_short = 0, muls_long = 0, muls_equal = 0;
    double ratio = 0;                          // (c) muls_long / muls_short
    double linear_short = 0, quadratic_short = 0, linear_long = 0, quadratic_long = 0;
    double muls_each = 0;                      // (d) each part at N = n_equal
    CostAnswers answers;                       // the chapter's formula at this variant
    // What the mistaken formulas give at this variant.
    CostAnswers forgot_mix;                    // no Ωc
    CostAnswers one_square_term;               // scoring or weighting counted once
    CostAnswers full_width;                    // heads of width D
};

struct Solutions {
    Variant variant;
    Problem1Solution p1;
    Problem2Solution p2;
    Problem3Solution p3;
    BookSolutions book;   // the book's problems (book_problems.hpp)
};

Problem1Solution solve_problem1(const Problem1Params& params);
Problem2Solution solve_problem2(const Problem2Params& params);
// Where problem 3's counts come from: `attn multihead` run at every N (what the worked solution
// quotes; a few seconds at the largest D and N a variant draws), or the chapter's formula alone,
// for the grader, the key and the sheet (unit_homework checks on a sample of variants that the
// two agree, and `counts_agree` in every worked solution).
enum class Problem3Counts { run_multihead, formula_only };
Problem3Solution solve_problem3(const Problem3Params& params, Problem3Counts counts = Problem3Counts::run_multihead);
// Grading, --key and --template take problem 3's numbers from the formula (instant at every D and
// N a variant can draw); the worked solutions, which quote what `attn multihead` counts, run it.
Solutions solve(const Variant& variant, Problem3Counts counts = Problem3Counts::run_multihead);

// Problem 2's numbers can be worked from the 6 places the sheet prints: every kept weight of the
// column is at least 0.01 (variant.cpp redraws until it is).
inline constexpr double kMinKeptWeight = 0.01;
bool problem2_column_workable(const Problem2Params& params);

}  // namespace attn::homework
