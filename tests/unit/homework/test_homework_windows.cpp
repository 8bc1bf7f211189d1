// Issue 43, points 1 and 2, measured over 2 000 fresh variants, half of them keyed by a secret:
//  * narrow where honest work agrees (variant.cpp chooses problem 1's numbers so that the routes the
//    rule allows agree; honest_work.cpp keeps one √2 per computation). The accepted window of an
//    element of a 4-place key is judged as the grader judges whole answers: from the exact value
//    rounded to 4 places, one unit at a time up and down while the answer is still right, the other
//    elements moving as one computation moves them (weights rescaled to sum 1, scaled scores in
//    proportion); its span is the distance from the lowest to the highest accepted value (0.1083 to
//    0.1085: 2 units). What the rule's "at least 4 significant figures" allows (an exponential or a
//    sum of mantissa near 1 carried at 4 figures is off by up to 5e-4 of itself, 2 units of a weight
//    near 0.45) keeps the weights' span above 3 units in most variants, the chapter's own 3:
//    measured and bounded here (docs/homework.md gives the figures);
//  * an answer rounded to 2 places passes a 4-place key in at most 1 % of variants;
//  * no answer with a 0 where the exact value is not 0 is right, in any key of the chapter's
//    problems or the book's.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "homework/grade/course.hpp"
#include "homework/grade/grade.hpp"
#include "homework/grade/points.hpp"
#include "homework/grade/judge.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/problems/variant.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "test_homework_support.hpp"

using namespace attn::homework;
using namespace attn::homework::testing;

namespace {

const std::string kSecret = "issue-43-window-secret-0123456789";

int variants_to_run() { return std::getenv("ATTN_SANITIZED") ? 200 : 2000; }

Variant fresh_variant(int i) { return derive_variant(fmt::format("w{:05}", i), i % 2 == 1 ? kSecret : ""); }

std::vector<double> rounded(const std::vector<double>& xs, int places) {
    std::vector<double> out;
    for (double x : xs) out.push_back(std::strtod(fmt::format("{:.{}f}", x, places).c_str(), nullptr));
    return out;
}
double rounded(double x, int places) { return rounded(std::vector<double>{x}, places)[0]; }

// The span of element e's accepted window, in units of its place (see the top of this file).
double accepted_span(const Item& item, std::size_t e) {
    const double unit = units_of(item)[e];
    const int places = item.precision.digits;
    const std::vector<double>& exact = item.values;
    const bool weights = item.name == "weights";
    auto answer_with = [&](double x) {
        std::vector<double> v = exact;
        for (std::size_t j = 0; j < v.size(); ++j) {
            if (weights) v[j] = exact[j] * (1 - x) / (1 - exact[e]);
            else if (exact[e] != 0) v[j] = exact[j] * x / exact[e];
        }
        v = rounded(v, places);
        v[e] = x;
        return v;
    };
    const double start = rounded(exact[e], places);
    double lo = start, hi = start;
    for (int k = 1; k < 1000 && judge_numbers(item, answer_with(rounded(start + k * unit, places))).right; ++k) {
        hi = rounded(start + k * unit, places);
    }
    for (int k = 1; k < 1000 && judge_numbers(item, answer_with(rounded(start - k * unit, places))).right; ++k) {
        lo = rounded(start - k * unit, places);
    }
    return std::round((hi - lo) / unit);
}

double widest_span(const Item& item) {
    double widest = 0;
    for (std::size_t e = 0; e < item.values.size(); ++e) widest = std::max(widest, accepted_span(item, e));
    return widest;
}

}  // namespace

TEST_CASE("narrow where honest work agrees: 4-place windows and 2-place answers over 2000 variants (issue 43)") {
    const int n = variants_to_run();
    // Each key and the 99th percentile its widest span may reach (the measured figures in
    // docs/homework.md; before issue 43: 500 units and more for the weights). e carried at 4
    // figures (2.718 or 2.7183 in every exponential, allowed as √2 as 1.414 is) widened them from
    // 10, 11 and 3 to 13, 14 and 5: an honest route accepted costs those units.
    // The variants are fixed (fresh_variant: IDs w00000.. with one secret), so the figures are too;
    // the sanitizers' 200 are the first 200 of them, whose 99th percentile is their second widest:
    // those runs are held to the widest of the 2000 (16, 21, 7 and 6 units).
    const std::map<std::string, double> kAtMost = {
        {"hw1.a.weights", 13}, {"hw1.b.weights", 14}, {"hw1.c.slope_a", 5}, {"hw1.a.scaled", 6}};
    const std::map<std::string, double> kWidest = {
        {"hw1.a.weights", 16}, {"hw1.b.weights", 21}, {"hw1.c.slope_a", 7}, {"hw1.a.scaled", 6}};
    std::map<std::string, std::vector<double>> spans;
    std::map<std::string, int> two_places, three_places;
    for (int i = 0; i < n; ++i) {
        const AnswerKey key = build_answer_key(solve_fast(fresh_variant(i)), 1);
        for (const auto& [name, at_most] : kAtMost) {
            const Item& item = item_of(key, name);
            REQUIRE(item.precision.kind == Precision::Kind::places);
            REQUIRE(item.precision.digits == 4);
            spans[name].push_back(widest_span(item));
            two_places[name] += judge_numbers(item, rounded(item.values, 2)).right;
            three_places[name] += judge_numbers(item, rounded(item.values, 3)).right;
        }
    }
    for (auto& [name, s] : spans) {
        std::sort(s.begin(), s.end());
        const auto within3 = std::count_if(s.begin(), s.end(), [](double x) { return x <= 3; });
        const double p99 = s[static_cast<std::size_t>(n) * 99 / 100];
        MESSAGE(fmt::format("{}: widest accepted span: median {} units, 99th percentile {}, largest {}; at most 3 "
                            "units in {} of {} variants; the exact answer at 2 places right in {}, at 3 places in {}",
                            name, s[static_cast<std::size_t>(n) / 2], p99, s.back(), within3, n, two_places[name],
                            three_places[name]));
        CHECK(p99 <= (n >= 2000 ? kAtMost : kWidest).at(name));
        CHECK(s.back() <= kWidest.at(name));
        CHECK(two_places[name] * 100 <= n);   // at most 1 % of variants
    }
}

TEST_CASE("no zero for a value that is not zero: every key of every problem, 2000 variants (issue 43)") {
    const int n = variants_to_run();
    std::size_t tried = 0;
    for (int i = 0; i < n; ++i) {
        const Variant v = fresh_variant(i);
        const Solutions s = solve(v, Problem3Counts::formula_only);
        std::vector<Item> items = build_answer_key(s).items;
        for (Item& book : build_answer_key(s, kBookAll).items) items.push_back(std::move(book));
        for (const Item& item : items) {
            if (item.kind != ItemKind::real) continue;
            // The correctly rounded answer, with one non-zero element written as 0.
            std::vector<double> answer;
            for (double x : item.values) answer.push_back(rounded_to(x, item.precision));
            REQUIRE(judge_numbers(item, answer).right);
            for (std::size_t e = 0; e < answer.size(); ++e) {
                if (item.values[e] == 0.0) continue;
                std::vector<double> zero = answer;
                zero[e] = 0.0;
                ++tried;
                CHECK_MESSAGE(!judge_numbers(item, zero).right,
                              fmt::format("{}: {} with element {} (exact {:.3g}) written as 0 is right", v.label(),
                                          item.key(), e + 1, item.values[e]));
            }
        }
    }
    MESSAGE(fmt::format("{} variants: {} answers with a 0 for a value that is not 0, all wrong", n, tried));
    CHECK(tried > static_cast<std::size_t>(n) * 20);
}

TEST_CASE("a 0 for a tiny value is wrong, and the report says why (issue 43)") {
    // The chapter's (c): weight 2 is 2.27e-5; written 0 (float32 of a far smaller one underflows to 0).
    const Solutions s = solve_fast(chapter_variant());
    const AnswerKey key = build_answer_key(s, 1);
    const GradeReport r = grade(key, parse_sheet("[hw1.c]\nweights = [0.5, 0, 0.5]\nslope_c = 0\n", "zero.toml"), {});
    int zeros = 0;
    for (const GradedItem& row : r.items) {
        if (row.key != "hw1.c.weights" && row.key != "hw1.c.slope_c") continue;
        ++zeros;
        CHECK(row.verdict == Verdict::wrong);
        CHECK(row.hint.find("0 for a value that is not 0") != std::string::npos);
        CHECK(row.hint.find("float32") != std::string::npos);
    }
    CHECK(zeros == 2);
}

namespace {
// Problem 1's acceptance (variant.cpp: derive_problem1 and routes_agree), written again here to
// count the space docs/homework.md quotes; homework_cli_test.py re-derives variants with the same
// rule in Python and compares them with attn's.
bool near_two_places(double x) {
    const double h = x * 100.0;
    return std::fabs(h - std::round(h)) * 100.0 <= 6.0;
}
std::array<double, 3> softmax3(double a, double b, double c) {
    const double top = std::max({a, b, c});
    const double e0 = std::exp(a - top), e1 = std::exp(b - top), e2 = std::exp(c - top), sum = e0 + e1 + e2;
    return {e0 / sum, e1 / sum, e2 / sum};
}
}  // namespace

TEST_CASE("problem 1's number space, counted: 60 393 536 sets (docs/homework.md, issue 43)" * doctest::skip(std::getenv("ATTN_SANITIZED") != nullptr)) {
    std::vector<std::array<long, 2>> vectors;
    for (long x = -5; x <= 5; ++x) {
        for (long y = -5; y <= 5; ++y) {
            if (x != 0 || y != 0) vectors.push_back({x, y});
        }
    }
    long long before = 0, kept = 0;
    const double root2 = std::sqrt(2.0);
    for (const auto& q : vectors) {
        for (const auto& k1 : vectors) {
            for (const auto& k2 : vectors) {
                if (k2 == k1) continue;
                for (const auto& k3 : vectors) {
                    if (k3 == k1 || k3 == k2) continue;
                    const long s1 = k1[0] * q[0] + k1[1] * q[1], s2 = k2[0] * q[0] + k2[1] * q[1],
                               s3 = k3[0] * q[0] + k3[1] * q[1];
                    const long gap = std::max(s1, s3) - s2, spread = std::max({s1, s2, s3}) - std::min({s1, s2, s3});
                    if (gap < 1 || gap > 3) continue;
                    long scales = 0, scales_before = 0;
                    for (long scale = 2; scale <= 20; ++scale) {
                        scales += scale * spread <= 100;
                        scales_before += scale <= 7 && scale * spread <= 100;
                    }
                    before += scales_before;
                    if (std::max({s1, s2, s3}) < 0) continue;
                    const auto a = softmax3(s1 / root2, s2 / root2, s3 / root2);
                    const auto b = softmax3(s1, s2, s3);
                    if (std::min({a[0], a[1], a[2], b[0], b[1], b[2]}) < 0.001) continue;
                    if (near_two_places(a[0]) && near_two_places(a[1]) && near_two_places(a[2])) continue;
                    if (near_two_places(b[0]) && near_two_places(b[1]) && near_two_places(b[2])) continue;
                    if (near_two_places(a[1] * (1 - a[1]))) continue;
                    kept += scales;
                }
            }
        }
    }
    CHECK(before == 69035040);   // the earlier space (scale 2..7, no routes_agree): 6.9e7
    CHECK(kept == 60393536);
    const double pairs = 1000.0 * 999.0 / 2.0;
    MESSAGE(fmt::format("problem 1: {} sets (was {}); two of 1 000 students share them with probability {:.2f} %",
                        kept, before, 100 * (1 - std::exp(-pairs / static_cast<double>(kept)))));
}

namespace {
std::string docs_course_toml() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/docs/homework.md");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const std::size_t start = doc.find("```toml\nrequire_secret = true");
    REQUIRE(start != std::string::npos);
    const std::size_t from = start + 8, end = doc.find("```", from);
    return doc.substr(from, end - from);
}

double shareable_share(const std::vector<Item>& items, const PointRules& points, double* all = nullptr) {
    double shared = 0, total = 0;
    for (const Item& item : items) {
        const double p = points.lookup(item.key(), 1.0);
        total += p;
        if (item.shareable) shared += p;
    }
    if (all) *all = total;
    return shared / total;
}
}  // namespace

TEST_CASE("shareable keys are marked, truthfully, and the docs' course file keeps them under 10 % (issue 43)") {
    const Solutions chapter = solve(chapter_variant(), Problem3Counts::formula_only);
    std::vector<Item> base = build_answer_key(chapter).items;
    for (Item& b : build_answer_key(chapter, kBookAll).items) base.push_back(std::move(b));
    // Over 100 variants, half keyed: a shareable key's answer never changes; every other key's does.
    std::vector<bool> changed(base.size(), false);
    for (int i = 0; i < 100; ++i) {
        const Solutions s = solve(fresh_variant(i), Problem3Counts::formula_only);
        std::vector<Item> items = build_answer_key(s).items;
        for (Item& b : build_answer_key(s, kBookAll).items) items.push_back(std::move(b));
        REQUIRE(items.size() == base.size());
        for (std::size_t k = 0; k < items.size(); ++k) {
            CHECK(items[k].shareable == base[k].shareable);
            const bool same = expected_text(items[k]) == expected_text(base[k]);
            if (base[k].shareable) CHECK_MESSAGE(same, std::string(base[k].key() + " is marked the same for every student"));
            changed[k] = changed[k] || !same;
        }
    }
    std::size_t chapter_keys = 0, chapter_shared = 0, book_keys = 0, book_shared = 0;
    for (std::size_t k = 0; k < base.size(); ++k) {
        if (!base[k].shareable) CHECK_MESSAGE(changed[k], std::string(base[k].key() + " is the same in 100 variants but not marked"));
        const bool book = is_book_problem(base[k].problem);
        (book ? book_keys : chapter_keys) += 1;
        (book ? book_shared : chapter_shared) += base[k].shareable;
    }
    // With every key worth 1 point (no course file): the figures the docs quote.
    CHECK(chapter_shared == 4);
    CHECK(chapter_keys == 19);
    CHECK(book_shared == 8);
    CHECK(book_keys == 24);
    // --key marks them.
    const std::string key_text = key_sheet(chapter, build_answer_key(chapter));
    CHECK(key_text.find("same_as_mask = true  # true or false") != std::string::npos);
    CHECK(key_text.find("(the same for every student: anyone's key gives it)") != std::string::npos);
    // The docs' course file (the teacher copies it): shareable points at most 10 % of the chapter's.
    const CoursePolicy course = parse_course(docs_course_toml(), "course.toml");
    double total = 0;
    const double share = shareable_share(build_answer_key(chapter).items, course.points, &total);
    MESSAGE(fmt::format("the docs' course.toml: shareable points {:.1f} % of {}", 100 * share, total));
    CHECK(share <= 0.10);
}
