// docs/homework.md's brute-force counts ("Each grading run is an oracle"), measured with the
// grader itself rather than estimated (issue 29, point 9). Not part of the suite (it grades about
// a million candidate answers, about a minute and a half); run it and copy its lines into the doc:
//
//     build/tests/test_homework -tc='brute-force*' --no-skip
//
// For each of 1 000 public variants (IDs m00000 … m00999) and each key the doc names, it counts
// the candidates on the asked grid (4 or 6 decimal places) that the grader accepts — the window
// one wrong try rules out — and from them the submissions a search stepping by that window needs
// (the grid's size in the plausible range over the window; an array's free elements multiply).
// With [feedback] partial_digits it runs the search a student would (each digit tried 0..9, the
// middle one of those the grader calls "right as far as it goes" kept) through grade() and counts
// its submissions. With [partial_credit] each element is searched alone: its own window.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "homework/grade/grade.hpp"
#include "homework/grade/judge.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/problems/variant.hpp"
#include "test_homework_support.hpp"

using namespace attn::homework;
using namespace attn::homework::testing;

namespace {

constexpr int kVariants = 1000;

double on_grid(long long n, int places) { return static_cast<double>(n) / std::pow(10.0, places); }

// Grid points accepted around the exact value of element `e` (the others as `fixed`; `tail`: the
// last element is 1 minus the others, rounded to the grid, as a student completes a weight vector).
// `elementwise`: counted by judge's elements_right (partial credit) instead of the whole answer.
long long window(const Item& item, std::size_t e, std::vector<double> fixed, int places, bool tail, bool elementwise) {
    const long long centre = std::llround(item.values[e] * std::pow(10.0, places));
    auto judged = [&](double value) {
        std::vector<double> given = fixed;
        given[e] = value;
        if (tail) {
            double rest = 1;
            for (std::size_t i = 0; i + 1 < given.size(); ++i) rest -= given[i];
            given.back() = on_grid(std::llround(rest * std::pow(10.0, places)), places);
        }
        return judge_numbers(item, given);
    };
    const std::size_t others = elementwise ? judged(-1e9).elements_right : 0;   // the fixed elements' own count
    auto accepted = [&](long long n) {
        const Judgement j = judged(on_grid(n, places));
        return elementwise ? j.elements_right > others : j.right;
    };
    long long count = 0;
    for (long long n = centre; accepted(n) && n - centre < 100000; ++n) ++count;
    for (long long n = centre - 1; accepted(n) && centre - n < 100000; --n) ++count;
    return count;
}

struct Spread {
    std::vector<double> values;
    double median() {
        std::sort(values.begin(), values.end());
        return values.empty() ? 0 : values[values.size() / 2];
    }
    double max() const { return values.empty() ? 0 : *std::max_element(values.begin(), values.end()); }
    double min() const { return values.empty() ? 0 : *std::min_element(values.begin(), values.end()); }
};

// The partial_digits search of `key` (a scalar at `places` decimals in 0..1): submissions until right.
int digit_search(const AnswerKey& key, const std::string& table, const std::string& name, int places) {
    GradeOptions o;
    o.partial_digits = true;
    o.problem = item_of(key, table + "." + name).problem;
    std::string prefix = "0.";
    int tries = 0;
    for (int p = 1; p <= places; ++p) {
        std::vector<int> so_far;
        for (int d = 0; d <= 9; ++d) {
            const std::string value = prefix + std::to_string(d);
            ++tries;
            const GradeReport r = grade(key, parse_sheet("[" + table + "]\n" + name + " = " + value + "\n", "s.toml"), o);
            for (const GradedItem& row : r.items) {
                if (row.key != table + "." + name) continue;
                if (row.verdict == Verdict::right) return tries;
                if (row.hint.find("right as far as it goes") != std::string::npos) so_far.push_back(d);
            }
        }
        // Within one unit at these digits: the truncated digit and the one above it (and the one below
        // when the value is exactly on the digit): the lowest of two, the middle of three.
        if (so_far.empty()) return -1;   // the search lost the value: the doc's count would not hold
        prefix += std::to_string(so_far.size() == 3 ? so_far[1] : so_far[0]);
    }
    return -1;
}

}  // namespace

TEST_CASE("brute-force counts of docs/homework.md, measured on 1000 public variants" * doctest::skip()) {
    Spread slope_a, kept_sum, weights_pairs, p2_first, partial_weight, digits_kept, digits_slope;
    int p2_two = 0;
    for (int v = 0; v < kVariants; ++v) {
        const AnswerKey key = build_answer_key(solve(derive_variant(fmt::format("m{:05d}", v)), Problem3Counts::formula_only), 0);
        // Scalars: the window, and the grid in the range over it.
        const Item& slope = item_of(key, "hw1.c.slope_a");   // 0..0.25 at 4 places: 2 500 grid values
        slope_a.values.push_back(2500.0 / static_cast<double>(window(slope, 0, {0.0}, 4, false, false)));
        const Item& kept = item_of(key, "hw2.a.kept_sum");   // 0..1 at 6 places: 10^6
        kept_sum.values.push_back(1e6 / static_cast<double>(window(kept, 0, {0.0}, 6, false, false)));
        // hw1.a.weights: the first two free (the third 1 minus them), 0..1 at 4 places: 10^8 / 2 pairs
        // (the first 200 variants: every pair of the window is graded).
        const Item& w = item_of(key, "hw1.a.weights");
        long long pairs = 0;
        const long long c0 = std::llround(w.values[0] * 1e4);
        for (const int step : {1, -1}) {   // outward from the exact first weight until no second one fits
            if (v >= 200) break;
            for (long long k0 = step > 0 ? c0 : c0 - 1;; k0 += step) {
                std::vector<double> fixed = w.values;
                fixed[0] = on_grid(k0, 4);
                const long long row = window(w, 1, fixed, 4, true, false);
                if (row == 0 || std::llabs(k0 - c0) > 10000) break;
                pairs += row;
            }
        }
        if (v < 200) weights_pairs.values.push_back(0.5e8 / static_cast<double>(std::max(pairs, 1LL)));
        // With [partial_credit]: each of two weights alone (the others 0), the costs added.
        double alone = 0;
        for (std::size_t e = 0; e < 2; ++e) {
            alone += 1e4 / static_cast<double>(std::max(window(w, e, std::vector<double>(3, 0.0), 4, false, true), 1LL));
        }
        partial_weight.values.push_back(alone);
        // hw2.b.weights where the column keeps two (the second is 1 minus the first): 10^6 / window.
        const Item& p2 = item_of(key, "hw2.b.weights");
        if (p2.values.size() == 2) {
            ++p2_two;
            p2_first.values.push_back(1e6 / static_cast<double>(window(p2, 0, p2.values, 6, true, false)));
        }
        if (v < 50) {   // the digit search grades a sheet per try: 50 variants
            digits_kept.values.push_back(digit_search(key, "hw2.a", "kept_sum", 6));
            digits_slope.values.push_back(digit_search(key, "hw1.c", "slope_a", 4));
        }
    }
    CHECK(slope_a.min() > 0);
    CHECK(digits_kept.min() > 0);     // the digit search always ends right
    CHECK(digits_slope.min() > 0);
    std::printf("brute-force counts over %d public variants (median, worst):\n", kVariants);
    std::printf("  default, hw1.c.slope_a (0..0.25, 4 places): %.0f, %.0f submissions\n", slope_a.median(), slope_a.max());
    std::printf("  default, hw2.a.kept_sum (0..1, 6 places):   %.3g, %.3g\n", kept_sum.median(), kept_sum.max());
    std::printf("  default, hw1.a.weights (two free, 4 places; first 200 variants): %.3g, %.3g\n", weights_pairs.median(), weights_pairs.max());
    std::printf("  default, hw2.b.weights with 2 kept (%d variants, one free, 6 places): %.3g, %.3g\n", p2_two,
                p2_first.median(), p2_first.max());
    std::printf("  [partial_credit], hw1.a.weights (two weights alone): %.0f, %.0f\n", partial_weight.median(),
                partial_weight.max());
    std::printf("  partial_digits, hw2.a.kept_sum (first 50 variants): %.0f, %.0f\n", digits_kept.median(), digits_kept.max());
    std::printf("  partial_digits, hw1.c.slope_a (first 50 variants):  %.0f, %.0f\n", digits_slope.median(),
                digits_slope.max());
}
