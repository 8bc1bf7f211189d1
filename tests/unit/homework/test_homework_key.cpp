// Homework, the key side: variants, the precision rule, the problems' maths (from the core and the
// experiments), expressions, and the worked-solution / sheet texts.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/key/chapter_figures.hpp"
#include "homework/grade/expression.hpp"
#include "homework/problems/precision.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/solutions/solution_text.hpp"
#include "test_homework_support.hpp"
#include "homework/problems/variant.hpp"

using namespace attn::homework;

namespace {

const Item& item_named(const AnswerKey& key, const std::string& name) {
    for (const Item& item : key.items) {
        if (item.key() == name) return item;
    }
    FAIL("no item " << name);
    return key.items.front();
}

double sum(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s;
}

}  // namespace

TEST_CASE("variant: without an ID the numbers are the chapter's") {
    const Variant v = make_variant("");
    CHECK(v.is_chapter());
    CHECK(v.label() == "chapter");
    CHECK(v.p1.keys[0] == std::array<long, 2>{1, 0});
    CHECK(v.p1.keys[1] == std::array<long, 2>{0, 1});
    CHECK(v.p1.keys[2] == std::array<long, 2>{1, 1});
    CHECK(v.p1.query == std::array<long, 2>{2, 0});
    CHECK(v.p1.scale == 5);
    CHECK(v.p2.seed.decimal() == "0");
    CHECK(v.p2.column == 3);
    CHECK(v.p3.d == 48);
    CHECK(v.p3.n_short == 10);
    CHECK(v.p3.n_long == 40);
}

TEST_CASE("variant: derived deterministically from the ID, within the problems' ranges") {
    const Variant a = derive_variant("s1234567"), b = derive_variant("s1234567");
    CHECK(a.p1.keys == b.p1.keys);
    CHECK(a.p1.query == b.p1.query);
    CHECK(a.p2.seed == b.p2.seed);
    CHECK(a.p3.d == b.p3.d);
    int differing = 0;
    for (int i = 0; i < 200; ++i) {
        const Variant v = derive_variant("student-" + std::to_string(i));
        CHECK(v.p2.column >= 2);
        CHECK(v.p2.column <= 4);
        CHECK(v.p3.d % 6 == 0);
        CHECK(v.p3.d >= 12);
        CHECK(v.p3.d <= 240);
        CHECK(v.p3.n_short >= 4);
        CHECK(v.p3.n_long > v.p3.n_short);
        CHECK(v.p3.n_long <= 1999);
        CHECK(problem2_column_workable(v.p2));
        const auto& p = v.p1;
        const long s1 = p.keys[0][0] * p.query[0] + p.keys[0][1] * p.query[1];
        const long s2 = p.keys[1][0] * p.query[0] + p.keys[1][1] * p.query[1];
        const long s3 = p.keys[2][0] * p.query[0] + p.keys[2][1] * p.query[1];
        CHECK(std::max(s1, s3) - s2 >= 1);
        CHECK(std::max(s1, s3) - s2 <= 3);
        differing += v.p2.seed != a.p2.seed;
    }
    CHECK(differing >= 195);
    CHECK_THROWS_AS(make_variant(" \t"), attn::UsageError);
    CHECK_THROWS_AS(make_variant(std::string(201, 'x')), attn::UsageError);
    CHECK_THROWS_AS(make_variant("a\nb"), attn::UsageError);
}

TEST_CASE("precision: within one unit of the last asked place (the issue's 1(c) example)") {
    const double exact = 0.09663647916400687;   // α(1−α) of 1(a), exact in double
    const Precision dp4 = Precision::places(4);
    CHECK(within_one_unit(0.0966, exact, dp4));
    CHECK(within_one_unit(0.0967, exact, dp4));
    CHECK_FALSE(within_one_unit(0.0968, exact, dp4));
    CHECK_FALSE(within_one_unit(0.0965, exact, dp4));
    CHECK(within_one_unit(0.096636, exact, dp4));   // more digits are fine
    CHECK_FALSE(within_one_unit(0.097, exact, dp4)); // fewer digits than asked: too far here
    CHECK(within_one_unit(0.5, 0.49998865, Precision::places(4)));   // but fine when within one unit
    CHECK_FALSE(within_one_unit(0.1, exact, dp4));
    CHECK(at_precision(exact, dp4) == "0.0966");
    CHECK(is_correctly_rounded(0.0966, exact, dp4));
    CHECK_FALSE(is_correctly_rounded(0.0967, exact, dp4));

    const Precision sf3 = Precision::significant(3);
    CHECK(at_precision(2.26994496e-05, sf3) == "0.0000227");
    CHECK(within_one_unit(0.0000227, 2.26994496e-05, sf3));
    CHECK(within_one_unit(0.0000226, 2.26994496e-05, sf3));
    CHECK_FALSE(within_one_unit(0.0000229, 2.26994496e-05, sf3));
    CHECK(at_precision(0.49998865, sf3) == "0.500");   // rounding up changes the magnitude
    CHECK(within_one_unit(0.5000, 0.49998865, sf3));
    CHECK(at_precision(1.2345e-20, sf3) == "1.23e-20");
    CHECK(at_precision(123456.0, sf3) == "123000");

    CHECK(within_one_unit(9216, 9216, Precision::exactly()));
    CHECK_FALSE(within_one_unit(9216.5, 9216, Precision::exactly()));
    CHECK_FALSE(within_one_unit(std::nan(""), 0.5, dp4));
    CHECK_FALSE(within_one_unit(INFINITY, 0.5, dp4));
    CHECK(describe(dp4) == "4 decimal places");
    CHECK(describe(sf3) == "3 significant figures");
}

TEST_CASE("problem 1: softmax of k.q and k.q/sqrt(Dq) from the core") {
    const Problem1Solution s = solve_problem1(chapter_variant().p1);
    CHECK(s.scores == std::vector<double>{2, 0, 2});
    CHECK(s.scaled[0] == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
    for (const auto* w : {&s.weights_a, &s.weights_b, &s.weights_c}) CHECK(sum(*w) == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(s.weights_a[1] == doctest::Approx(1.0 / (2.0 * std::exp(std::sqrt(2.0)) + 1.0)).epsilon(1e-14));
    CHECK(s.weights_c[1] == doctest::Approx(1.0 / (2.0 * std::exp(10.0) + 1.0)).epsilon(1e-12));
    CHECK(s.slope_a == doctest::Approx(s.weights_a[1] * (1 - s.weights_a[1])));
    // The trend the problem asks about: the middle weight shrinks as the scores' scale grows.
    CHECK(s.weights_b[1] < s.weights_a[1]);
    CHECK(s.weights_c[1] < s.weights_b[1]);
    CHECK(s.slope_c < s.slope_a / 1000);
    // The mistakes are what their names say.
    CHECK(s.scaled_by_dq == std::vector<double>{1, 0, 1});
    CHECK(s.weights_c_scaled[1] > s.weights_c[1]);
}

TEST_CASE("problem 2: column 3 of attn attention, kept, renormalised, and attn mask's column 3") {
    const Problem2Solution s = solve_problem2(chapter_variant().p2);
    REQUIRE(s.column_weights.size() == 5);
    CHECK(sum(s.column_weights) == doctest::Approx(1.0).epsilon(1e-15));
    REQUIRE(s.answer.kept.size() == 3);
    CHECK(s.answer.kept_sum < 1.0);
    CHECK(sum(s.answer.renormalised) == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(s.masked_rest_zero);
    CHECK(s.max_difference < 1e-15);
    CHECK(s.same_as_mask);
    // Wrong axis: a different column, still summing to 1 after renormalising.
    CHECK(std::fabs(s.wrong_axis.kept_sum - s.answer.kept_sum) > 1e-3);
    CHECK(sum(s.wrong_axis.renormalised) == doctest::Approx(1.0));
    // Without the 1/sqrt(Dq) the scores spread twice as far: the largest weight grows.
    CHECK(s.unscaled.renormalised[2] > s.answer.renormalised[2]);
}

TEST_CASE("problem 3: 4D^2N + 2N^2D equals what attn multihead counts") {
    const Problem3Solution s = solve_problem3(chapter_variant().p3);
    CHECK(s.counts_agree);
    CHECK(s.counted.size() == 12);   // H = 1, 2, 3, 6 at N = 10, 40, 96
    CHECK(s.n_equal == 96);
    CHECK(static_cast<double>(s.params_d) == evaluate_expression(s.formula.params_expression(), 48, 0, 1));
    CHECK(static_cast<double>(s.muls_short) == evaluate_expression(s.formula.muls_expression(), 48, 10, 1));
    CHECK(static_cast<double>(s.muls_long) == evaluate_expression(s.formula.muls_expression(), 48, 40, 1));
    CHECK(static_cast<double>(s.muls_equal) == 2 * s.muls_each);
    CHECK(s.formula.params_expression() == "4*D^2");
    CHECK(s.formula.muls_expression() == "4*D^2*N + 2*N^2*D");
    CHECK(s.formula.threshold_expression() == "2*D");
    CHECK(s.forgot_mix.params_expression == "3*D^2");
    CHECK(s.forgot_mix.threshold_expression == "3*D/2");
    CHECK(s.answers.threshold_expression == s.formula.threshold_expression());   // the key quotes the formula as data
    // Full-width heads depend on H; at H = 1 they are the formula itself.
    CHECK(evaluate_expression(s.full_width.muls_expression, 48, 10, 1) == s.formula.muls(48, 10));
    CHECK(evaluate_expression(s.full_width.muls_expression, 48, 10, 6) > s.formula.muls(48, 10));
}

TEST_CASE("problem 3 under variants: the counts agree with the formula for other D and N") {
    for (const char* id : {"alice", "bob", "s1234567"}) {
        const Problem3Solution s = solve_problem3(derive_variant(id).p3);
        CHECK(s.counts_agree);
        CHECK(s.n_equal == 2 * s.params.d);
    }
}

TEST_CASE("expressions: equal at many random points, with muParser") {
    const auto points = draw_expression_points(12345);
    auto equal = [&points](const std::string& given, const std::string& reference) {
        return compare_expressions(given, reference, points).equal;
    };
    CHECK(equal("4*D^2", "4*D^2"));
    CHECK(equal("D^2*4", "4*D^2"));
    CHECK(equal("  4 * d^2 ", "4*D^2"));
    CHECK(equal("3*(D/H)*D*H + D*D", "4*D^2"));
    CHECK(equal("2*N*D*(2*D + N)", "4*D^2*N + 2*N^2*D"));
    const ExpressionCheck cube = compare_expressions("4*D^3", "4*D^2", points);
    CHECK(cube.parsed);
    CHECK_FALSE(cube.equal);
    CHECK_FALSE(equal("4*D^2*N", "4*D^2*N + 2*N^2*D"));
    CHECK_FALSE(equal("9216", "4*D^2"));
    CHECK_FALSE(compare_expressions("4*x^2", "4*D^2", points).parsed);
    CHECK_FALSE(compare_expressions("4*D^2, 1", "4*D^2", points).parsed);
    CHECK_FALSE(compare_expressions("", "4*D^2", points).parsed);
    CHECK_FALSE(compare_expressions(std::string(2000, '(') + "D" + std::string(2000, ')'), "D", points).parsed);
    CHECK_FALSE(equal("D/(N-N)", "D"));   // infinities are never equal
    CHECK_FALSE(compare_expressions("4*D^2", "4*D^2", {}).equal);   // no points, no verdict of equal
}

TEST_CASE("answer key: the contract's key names, in the chapter's order") {
    const AnswerKey key = build_answer_key(solve(chapter_variant()));
    std::vector<std::string> names;
    for (const Item& item : key.items) names.push_back(item.key());
    CHECK(names == std::vector<std::string>{
                       "hw1.a.scores", "hw1.a.scaled", "hw1.a.weights", "hw1.b.weights", "hw1.c.weights",
                       "hw1.c.slope_a", "hw1.c.slope_c", "hw2.a.kept_sum", "hw2.b.weights", "hw2.c.same_as_mask",
                       "hw3.a.params", "hw3.a.params_d48", "hw3.b.muls", "hw3.c.muls_n10", "hw3.c.muls_n40",
                       "hw3.c.ratio", "hw3.d.threshold", "hw3.d.n_equal_d48", "hw3.d.muls_each"});
    CHECK(expected_text(item_named(key, "hw1.c.slope_a")) == "0.0966");
    CHECK(expected_text(item_named(key, "hw2.c.same_as_mask")) == "true");
    CHECK(expected_text(item_named(key, "hw3.b.muls")) == "\"4*D^2*N + 2*N^2*D\"");
    CHECK(build_answer_key(solve(chapter_variant()), 2).items.size() == 3);
    // Under a variant the numbered keys follow its D and N.
    const Variant v = derive_variant("alice");
    const AnswerKey vk = build_answer_key(solve(v));
    CHECK(item_named(vk, "hw3.a.params_d" + std::to_string(v.p3.d)).values[0] == 4.0 * v.p3.d * v.p3.d);
    CHECK(item_named(vk, "hw2.b.weights").length == static_cast<std::size_t>(v.p2.column));
}

TEST_CASE("chapter figures: the core reproduces every printed figure but 1(c)'s 0.0967") {
    const AnswerKey key = build_answer_key(solve(chapter_variant()));
    const auto notes = chapter_discrepancies(key);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].key == "hw1.c.slope_a");
    CHECK(notes[0].printed == "0.0967");
    CHECK(notes[0].rounded == "0.0966");
    CHECK(notes[0].exact == "0.096636");
    CHECK(notes[0].within_one_unit);
    for (const ChapterFigure& f : chapter_figures()) {
        const Item& item = item_named(key, f.key);
        REQUIRE(f.printed.size() == item.values.size());
        for (std::size_t i = 0; i < f.printed.size(); ++i) {
            CHECK(within_one_unit(std::stod(f.printed[i]), item.values[i], item.precision));
        }
    }
    CHECK(chapter_discrepancies(build_answer_key(solve(derive_variant("alice")))).empty());
    // The worked solution's own figures (not on the sheet): 1(a)'s sum 9.2266 is what the printed
    // exponentials add to (4.1133 + 1 + 4.1133), and the worked solution now adds them the same way
    // (issue 17, point 1: its printed arithmetic adds up), so it is no longer an erratum.
    const Solutions chapter = solve(chapter_variant());
    const auto all = chapter_discrepancies(key, &chapter);
    REQUIRE(all.size() == 1);
    CHECK(chapter.p1.printed_sum_scaled == 9.2266);
    for (const SolutionFigure& f : chapter_solution_figures(chapter)) {
        CHECK_MESSAGE(within_one_unit(std::stod(f.printed), f.value, f.precision), f.label);
    }
    const Solutions alice = solve(derive_variant("alice"));
    CHECK(chapter_discrepancies(build_answer_key(alice), &alice).empty());
}

TEST_CASE("worked solutions: the chapter's language and order, with the 1(c) note") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    const std::string text = solution_text(s, key);
    const char* const titles[] = {"作業一", "作業二", "作業三"};
    testing::check_problem_order(text, titles, [](char p) { return std::string("（") + p + "）"; });
    const std::size_t p2 = text.find("作業二");
    // Numbers from the core, as the chapter prints them.
    CHECK(text.find("0.4458、0.1084、0.4458") != std::string::npos);
    CHECK(text.find("0.5000、0.0000227、0.5000") != std::string::npos);
    CHECK(text.find("0.208963 + 0.021426 + 0.571327 = 0.801716") != std::string::npos);
    CHECK(text.find("[0.209 0.021 0.571 0.062 0.136]") != std::string::npos);
    CHECK(text.find("0.261、0.027、0.713、0、0") != std::string::npos);
    CHECK(text.find("92,160 + 9,600 = 101,760") != std::string::npos);
    CHECK(text.find("884,736") != std::string::npos);
    CHECK(text.find("≈ 5.13") != std::string::npos);
    // The note on the chapter: 0.0967 printed, 0.0966 correct, accepted.
    const std::size_t note = text.find("原書印 0.0967");
    CHECK(note != std::string::npos);
    CHECK(note < p2);
    CHECK(text.find("應為 0.0966") != std::string::npos);
    // One problem only.
    const std::string two = solution_text(s, key, 2);
    CHECK(two.find("作業一") == std::string::npos);
    CHECK(two.find("作業二") != std::string::npos);
    CHECK(two.find("原書印") == std::string::npos);
}

TEST_CASE("worked solutions under a variant: its own numbers, no note on the chapter") {
    const Solutions s = solve(derive_variant("alice"));
    const std::string text = solution_text(s, build_answer_key(s));
    CHECK(text.find("變體 alice") != std::string::npos);
    CHECK(text.find("原書印") == std::string::npos);
    CHECK(text.find("--seed " + s.p2.params.seed.decimal()) != std::string::npos);
}

TEST_CASE("template and key sheets: every key, commented out in the template") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    const std::string blank = template_sheet(s, key), filled = key_sheet(s, key);
    for (const Item& item : key.items) {
        CHECK(blank.find("# " + item.name + " = ") != std::string::npos);
        CHECK(filled.find("\n" + item.name + " = " + expected_text(item)) != std::string::npos);
        CHECK(blank.find("[" + item.table() + "]") != std::string::npos);
    }
    CHECK(blank.find("4 decimal places") != std::string::npos);
    CHECK(blank.find("3 significant figures") != std::string::npos);
    CHECK(blank.find("作業一") != std::string::npos);
    CHECK(toml_string("a\"b\\c\n") == "\"a\\\"b\\\\c\\u000A\"");
}
