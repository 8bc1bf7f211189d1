// Items of the answer key, in the chapter's order, with their precision and known mistakes.
#include "homework/key/answer_key.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "homework/key/honest_work.hpp"
#include "homework/key/book_key.hpp"

namespace attn::homework {

namespace {

Item numbers(int problem, std::string part, std::string name, ItemKind kind, Precision precision,
             std::vector<double> values, std::string asks, std::string hint, bool scalar = false) {
    Item item;
    item.problem = problem;
    item.part = std::move(part);
    item.name = std::move(name);
    item.kind = kind;
    item.length = scalar ? 0 : values.size();
    item.precision = precision;
    item.values = std::move(values);
    item.asks = std::move(asks);
    item.hint = std::move(hint);
    return item;
}

Item scalar(int problem, std::string part, std::string name, ItemKind kind, Precision precision,
            double value, std::string asks, std::string hint) {
    return numbers(problem, std::move(part), std::move(name), kind, precision, {value}, std::move(asks),
                   std::move(hint), true);
}

Item formula(int problem, std::string part, std::string name, std::string expression, std::string asks,
             std::string hint) {
    Item item;
    item.problem = problem;
    item.part = std::move(part);
    item.name = std::move(name);
    item.kind = ItemKind::expression;
    item.expression = std::move(expression);
    item.shareable = true;   // a formula in D, N, H: the same for every variant
    item.asks = std::move(asks);
    item.hint = std::move(hint);
    return item;
}

Mistake values_mistake(std::string hint, std::vector<double> values) {
    Mistake m;
    m.hint = std::move(hint);
    m.values = std::move(values);
    return m;
}

Mistake expression_mistake(std::string hint, std::string expression) {
    Mistake m;
    m.hint = std::move(hint);
    m.expression = std::move(expression);
    return m;
}

// α(1 − α): the slope of the softmax at α, which 1(c) asks from α₂.
double slope_of(double alpha) { return alpha * (1.0 - alpha); }

const char* const kNoScaling = "no 1/sqrt(Dq) scaling: these are the weights of the raw scores k.q";
const char* const kByDq = "scaled by Dq instead of sqrt(Dq)";
const char* const kWrongAxis =
    "softmax along the wrong axis: this normalises the rows of S; the chapter's softmax runs down "
    "each column (fixed output n, over all inputs m)";
const char* const kNoRenorm =
    "masked after the softmax without renormalising: the kept weights no longer sum to 1";
const char* const kForgotMix = "forgot the mixing matrix Omega_c (D x D, applied to all N positions)";

void add_problem1(const Problem1Solution& s, std::vector<Item>& items) {
    const Precision dp4 = Precision::places(4);
    const Precision sf3 = Precision::significant(3);
    Item scores = numbers(1, "a", "scores", ItemKind::integer, Precision::exactly(), s.scores,
                          "the three unscaled dot products k_m . q",
                          "k_m . q = k_m1*q1 + k_m2*q2 for each key");
    scores.mistakes.push_back(values_mistake("these are already divided by sqrt(Dq); (a) first asks the raw k.q", s.scaled));
    items.push_back(scores);

    Item scaled = numbers(1, "a", "scaled", ItemKind::real, dp4, s.scaled, "the scores divided by sqrt(Dq)",
                          "divide each dot product by sqrt(Dq) = sqrt(2)");
    scaled.mistakes.push_back(values_mistake(kByDq, s.scaled_by_dq));
    scaled.mistakes.push_back(values_mistake("no 1/sqrt(Dq) scaling: these are the raw scores", s.scores));
    items.push_back(scaled);

    Item wa = numbers(1, "a", "weights", ItemKind::real, dp4, s.weights_a,
                      "alpha_m2: softmax of the scaled scores",
                      "exp of each scaled score divided by the sum of the three");
    wa.mistakes.push_back(values_mistake(kNoScaling, s.weights_b));
    wa.mistakes.push_back(values_mistake(kByDq, s.weights_a_by_dq));
    items.push_back(wa);

    Item wb = numbers(1, "b", "weights", ItemKind::real, dp4, s.weights_b,
                      "softmax of the unscaled scores", "exp of each raw score k.q divided by their sum");
    wb.mistakes.push_back(values_mistake("scaled by 1/sqrt(Dq): (b) asks for the raw scores without scaling", s.weights_a));
    items.push_back(wb);

    Item wc = numbers(1, "c", "weights", ItemKind::real, sf3, s.weights_c,
                      "softmax of the unscaled scores for the longer query",
                      "scores k.q' with the longer query q', softmax without scaling");
    wc.mistakes.push_back(values_mistake("scaled by 1/sqrt(Dq): (c) asks for the unscaled scores", s.weights_c_scaled));
    wc.mistakes.push_back(values_mistake(kByDq + std::string(": (c) asks for the unscaled scores"), s.weights_c_by_dq));
    wc.mistakes.push_back(values_mistake("these are the weights of (b): (c) uses the longer query", s.weights_b));
    items.push_back(wc);

    Item sa = scalar(1, "c", "slope_a", ItemKind::real, dp4, s.slope_a,
                     "alpha(1 - alpha) of weight 2 in (a)", "alpha_2 (1 - alpha_2) with alpha_2 from (a)");
    sa.follows = {"hw1.a.weights", 1, slope_of, "alpha_2"};
    sa.mistakes.push_back(values_mistake("used alpha_2 from (b), without the 1/sqrt(Dq) scaling", {s.slope_a_unscaled}));
    sa.mistakes.push_back(values_mistake(kByDq, {s.slope_a_by_dq}));
    items.push_back(sa);

    Item sc = scalar(1, "c", "slope_c", ItemKind::real, sf3, s.slope_c,
                     "alpha(1 - alpha) of weight 2 in (c)", "alpha_2 (1 - alpha_2) with alpha_2 from (c)");
    sc.follows = {"hw1.c.weights", 1, slope_of, "alpha_2"};
    sc.mistakes.push_back(values_mistake("scaled by 1/sqrt(Dq): (c) is unscaled", {s.slope_c_scaled}));
    items.push_back(sc);
}

void add_problem2(const Problem2Solution& s, std::vector<Item>& items) {
    const Precision dp6 = Precision::places(6);
    Item sum = scalar(2, "a", "kept_sum", ItemKind::real, dp6, s.answer.kept_sum,
                      "the sum of the kept weights, without renormalising",
                      "add the weights of inputs 1..c of column c");
    sum.mistakes.push_back(values_mistake(kWrongAxis, {s.wrong_axis.kept_sum}));
    sum.mistakes.push_back(values_mistake(kNoScaling, {s.unscaled.kept_sum}));
    sum.mistakes.push_back(values_mistake(kByDq, {s.by_dq.kept_sum}));
    items.push_back(sum);

    Item w = numbers(2, "b", "weights", ItemKind::real, dp6, s.answer.renormalised,
                     "the kept weights renormalised to sum 1", "divide each kept weight by their sum from (a)");
    w.mistakes.push_back(values_mistake(kNoRenorm, s.answer.kept));
    w.mistakes.push_back(values_mistake(kWrongAxis, s.wrong_axis.renormalised));
    w.mistakes.push_back(values_mistake(kNoScaling, s.unscaled.renormalised));
    w.mistakes.push_back(values_mistake(kByDq, s.by_dq.renormalised));
    items.push_back(w);

    Item same;
    same.problem = 2;
    same.part = "c";
    same.name = "same_as_mask";
    same.kind = ItemKind::boolean;
    same.boolean = s.same_as_mask;
    same.shareable = true;   // true in every variant: masking before the softmax renormalises
    same.asks = "whether (b) equals column c of the section-6 masked matrix";
    same.hint = "compare (b) with column c of `attn mask`: masking before the softmax renormalises the "
                "kept weights in the same way";
    items.push_back(same);
}

void add_problem3(const Problem3Solution& s, std::vector<Item>& items) {
    const auto& p = s.params;
    const std::string at_d = fmt::format("D = {}", p.d);

    Item params = formula(3, "a", "params", s.answers.params_expression,
                          "parameters of the projections and the mix, in D (and H if you like)",
                          "3 projections of (D/H) x D per head, H heads, plus Omega_c");
    params.mistakes.push_back(expression_mistake(kForgotMix, s.forgot_mix.params_expression));
    params.mistakes.push_back(expression_mistake("every head at full width D instead of D/H", s.full_width.params_expression));
    items.push_back(params);

    Item params_d = scalar(3, "a", fmt::format("params_d{}", p.d), ItemKind::integer, Precision::exactly(),
                           static_cast<double>(s.params_d), "the parameter count at " + at_d,
                           "evaluate (a) at " + at_d);
    params_d.mistakes.push_back(values_mistake(kForgotMix, {s.forgot_mix.params_d}));
    items.push_back(params_d);

    Item muls = formula(3, "b", "muls", s.answers.muls_expression,
                        "multiplications: projections, scoring, weighting, mixing",
                        "count each step's products per head and add: the projections of Q, K and V, the scoring "
                        "K^T Q, the weighting V A, and the mixing Omega_c");
    muls.mistakes.push_back(expression_mistake(kForgotMix, s.forgot_mix.muls_expression));
    muls.mistakes.push_back(expression_mistake(
        "counted only one of the two N^2 products (scoring K^T Q and weighting V A)", s.one_square_term.muls_expression));
    muls.mistakes.push_back(expression_mistake("every head at full width D instead of D/H", s.full_width.muls_expression));
    items.push_back(muls);

    for (const bool is_short : {true, false}) {
        const long n = is_short ? p.n_short : p.n_long;
        Item m = scalar(3, "c", fmt::format("muls_n{}", n), ItemKind::integer, Precision::exactly(),
                        static_cast<double>(is_short ? s.muls_short : s.muls_long),
                        fmt::format("multiplications at {}, N = {}", at_d, n),
                        fmt::format("evaluate (b) at {}, N = {}", at_d, n));
        m.mistakes.push_back(values_mistake(kForgotMix, {is_short ? s.forgot_mix.muls_short : s.forgot_mix.muls_long}));
        m.mistakes.push_back(values_mistake("counted only one of the two N^2 products",
                                            {is_short ? s.one_square_term.muls_short : s.one_square_term.muls_long}));
        items.push_back(m);
    }

    Item ratio = scalar(3, "c", "ratio", ItemKind::real, Precision::places(2), s.ratio,
                        fmt::format("how many times more multiplications at N = {} than at N = {}", p.n_long, p.n_short),
                        "divide the two totals");
    const double ns = static_cast<double>(p.n_short), nl = static_cast<double>(p.n_long);
    ratio.mistakes.push_back(values_mistake(kForgotMix, {s.forgot_mix.muls_long / s.forgot_mix.muls_short}));
    ratio.mistakes.push_back(values_mistake("this is the growth of the N^2 terms alone; the linear terms grow less", {(nl / ns) * (nl / ns)}));
    ratio.mistakes.push_back(values_mistake("this is the growth of the linear terms alone; the N^2 terms grow more", {nl / ns}));
    items.push_back(ratio);

    Item threshold = formula(3, "d", "threshold", s.answers.threshold_expression,
                             "the N above which the N^2 terms exceed the others, in D",
                             "set the N^2 terms of (b) equal to the others and solve for N");
    threshold.solve_for = "N";
    threshold.mistakes.push_back(expression_mistake(kForgotMix, s.forgot_mix.threshold_expression));
    threshold.mistakes.push_back(expression_mistake("counted only one of the two N^2 products", s.one_square_term.threshold_expression));
    items.push_back(threshold);

    Item n_equal = scalar(3, "d", fmt::format("n_equal_d{}", p.d), ItemKind::integer, Precision::exactly(),
                          static_cast<double>(s.n_equal), "that N at " + at_d, "evaluate (d) at " + at_d);
    // The value agrees with the inequality (issue 43, point 4): (d) accepts `N >= 2D + 1` (the whole
    // N above 2D), so "that N" may be given as the first whole N above it, 2D + 1, as well as the
    // crossing 2D itself; a fair teacher reads both as the same understanding of "above which".
    n_equal.honest.push_back({static_cast<double>(s.n_equal + 1)});
    n_equal.mistakes.push_back(values_mistake(kForgotMix, {s.forgot_mix.threshold_d}));
    n_equal.mistakes.push_back(values_mistake("counted only one of the two N^2 products", {s.one_square_term.threshold_d}));
    items.push_back(n_equal);

    Item each = scalar(3, "d", "muls_each", ItemKind::integer, Precision::exactly(), s.muls_each,
                       fmt::format("each of the two parts at {}, N = {}", at_d, s.n_equal),
                       "evaluate either part of (b) at that N; the two are equal there");
    each.mistakes.push_back(values_mistake(kForgotMix, {s.forgot_mix.linear_at_threshold}));
    each.mistakes.push_back(values_mistake("this is the total of both parts; (d) asks for each part", {2.0 * s.muls_each}));
    items.push_back(each);
}

std::string join_numbers(const Item& item) {
    std::string out;
    for (std::size_t i = 0; i < item.values.size(); ++i) {
        if (i) out += ", ";
        out += at_precision(item.values[i], item.precision);
    }
    return out;
}

}  // namespace

AnswerKey build_answer_key(const Solutions& solutions, int problem) {
    AnswerKey key;
    key.variant = solutions.variant;
    if (problem_selected(problem, 1)) add_problem1(solutions.p1, key.items);
    if (problem_selected(problem, 2)) add_problem2(solutions.p2, key.items);
    if (problem_selected(problem, 3)) add_problem3(solutions.p3, key.items);
    for (int book : kBookProblems) {
        if (problem_selected(problem, book)) add_book_items(solutions.book, book, key.items);
    }
    // What correct work from the printed numbers gives, as bounds (issue 29), for problems 1 and 2's
    // keys: a key of a selected problem that is missing here is a renamed item, and an error.
    const HonestWork h = honest_work(solutions);
    struct Bounds {
        int problem;
        const char* key;
        const CorrectWork* work;
    };
    const Bounds bounds[] = {
        {1, "hw1.a.scaled", &h.p1.scaled},     {1, "hw1.a.weights", &h.p1.weights_a},
        {1, "hw1.b.weights", &h.p1.weights_b}, {1, "hw1.c.weights", &h.p1.weights_c},
        {1, "hw1.c.slope_a", &h.p1.slope_a},   {1, "hw1.c.slope_c", &h.p1.slope_c},
        {2, "hw2.a.kept_sum", &h.p2.kept_sum}, {2, "hw2.b.weights", &h.p2.weights},
    };
    for (const Bounds& b : bounds) {
        if (!problem_selected(problem, b.problem)) continue;
        const auto item = std::find_if(key.items.begin(), key.items.end(), [&b](const Item& i) { return i.key() == b.key; });
        if (item == key.items.end()) throw std::logic_error(std::string("no answer key item ") + b.key);
        item->correct = *b.work;
    }
    return key;
}

std::string expected_text(const Item& item) {
    switch (item.kind) {
        case ItemKind::boolean: return item.boolean ? "true" : "false";
        case ItemKind::expression: return "\"" + item.expression + "\"";
        case ItemKind::integer:
        case ItemKind::real: break;
    }
    return item.length == 0 ? join_numbers(item) : "[" + join_numbers(item) + "]";
}

std::string shape_text(const Item& item) {
    switch (item.kind) {
        case ItemKind::boolean: return "true or false";
        case ItemKind::expression: return "an expression in D, N, H (string)";
        case ItemKind::integer:
            return item.length == 0 ? "an integer, exact" : fmt::format("{} integers, exact", item.length);
        case ItemKind::real: break;
    }
    return item.length == 0 ? "a number, " + describe(item.precision)
                            : fmt::format("{} numbers, {} each", item.length, describe(item.precision));
}

}  // namespace attn::homework
