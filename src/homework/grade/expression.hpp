#pragma once
// Expression answers in D, N, H (`4*D^2`, `4D²N + 2N²D`, `2*D`), read with muParser (Debian's
// libmuparser-dev) after a small spelling pass, and compared with the reference formula at many
// points drawn afresh for every grading run (large and non-integer values of D, N, H), so that no
// answer can be fitted to known points: equal when every point agrees to a relative 1e-9.
//
// Spelling (expression_spelling): the alphabet is D N H (either case), numbers (2, 0.5, 1e3),
// + - * / ^ ( ) and spaces; `**` is `^`; × · ⋅ are `*` and − is `-`; superscript digits are powers
// (D² = D^2, D³ = D^3); a product may be written without `*` before a letter or a parenthesis
// (4D^2, 2N^2D, 3(D+N), (D+1)(D-1)), never before a number (D2 is refused, not guessed). No
// functions, constants, comparisons or conditionals: an answer is a rational function of D, N, H,
// and two different ones agree at random real points with probability zero.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attn::homework {

inline constexpr std::size_t kMaxExpressionBytes = 1000;
inline constexpr std::size_t kExpressionPoints = 24;

struct ExpressionPoint {
    double d, n, h;
};

// `count` points from a generator seeded with `seed`: D and N log-uniform in 0.5..20000, H uniform
// in 1..64, none of them integers by construction of the draw (probability zero).
std::vector<ExpressionPoint> draw_expression_points(std::uint64_t seed, std::size_t count = kExpressionPoints);

// A seed for draw_expression_points from the operating system (std::random_device), per run.
std::uint64_t fresh_expression_seed();

struct Spelling {
    bool ok = false;
    std::string text;                  // muParser's spelling: "4*D^2*N"
    std::string error;                 // "unexpected 'x' at character 3"
    std::vector<std::size_t> origin;   // for each byte of `text`, the 1-based character it came from
};

Spelling expression_spelling(const std::string& given);

struct ExpressionCheck {
    bool parsed = false;      // false: `error` says why and where ("… at character 5")
    bool equal = false;       // equal to the reference at every point
    std::string error;
};

// `given` is the student's text; `reference` is the key's formula (always parses).
ExpressionCheck compare_expressions(const std::string& given, const std::string& reference,
                                    const std::vector<ExpressionPoint>& points);

// Evaluates `text` at D, N, H; throws std::invalid_argument with the reason.
double evaluate_expression(const std::string& text, double d, double n, double h);

}  // namespace attn::homework
