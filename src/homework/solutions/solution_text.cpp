// Worked solutions, after the chapter's own solutions (section 04): one code path per problem and
// part, the wording from the language's table of templates (solution_words.cpp). The sentences
// that depend on the numbers (ties, how much is lost, how many orders of magnitude, whether attn's
// counts agree with the formula) are decided here from the numbers (solution_numbers.hpp), once
// for every language, so that a variant reads as true as the chapter does.
#include "homework/solutions/solution_text.hpp"

#include <fmt/format.h>

#include "homework/key/chapter_figures.hpp"
#include "homework/solutions/solution_numbers.hpp"
#include "homework/solutions/solution_words.hpp"
#include "homework/solutions/book_solution_text.hpp"

namespace attn::homework {

namespace {

using namespace worked;
using fmt::arg;

// A template of the table filled with its named arguments.
template <typename... Args>
std::string say(const char* words, const Args&... args) {
    return fmt::format(fmt::runtime(words), args...);
}

std::string notes_for(const Solutions& solutions, const AnswerKey& key, int problem, const SolutionWords& w) {
    std::string out;
    const std::string prefix = "hw" + std::to_string(problem) + ".";
    for (const ChapterDiscrepancy& d : chapter_discrepancies(key, &solutions)) {
        if (d.key.rfind(prefix, 0) != 0) continue;
        out += say(w.note, arg("key", d.key), arg("printed", d.printed), arg("exact", d.exact),
                   arg("precision", d.precision == "4 decimal places" ? std::string(w.four_places) : d.precision),
                   arg("rounded", d.rounded));
        out += !d.graded ? w.note_intermediate : d.within_one_unit ? w.note_within_one_unit : w.note_beyond_one_unit;
    }
    return out;
}

std::string problem1(const Problem1Solution& s, const SolutionWords& w) {
    const auto& p = s.params;
    const auto joined = [&](const std::vector<double>& xs, std::string (*f)(double)) { return worked::joined(xs, f, w.list_sep); };
    std::string out = w.p1_title;
    out += say(w.p1_problem, arg("k1", vec(p.keys[0])), arg("k2", vec(p.keys[1])), arg("k3", vec(p.keys[2])),
               arg("dq", s.dq), arg("q", vec(p.query)), arg("q_c", vec(s.query_c)), arg("scale", p.scale));
    out += say(w.p1_a, arg("s1", num(s.scores[0])), arg("s2", num(s.scores[1])), arg("s3", num(s.scores[2])),
               arg("dq", s.dq), arg("sqrt_dq", s.sqrt_dq), arg("scaled", joined(s.scaled, num4)),
               arg("exp", joined(s.exp_scaled, num4)), arg("sum", s.printed_sum_scaled),
               arg("weights", joined(s.weights_a, weight)));
    if (const auto tie = tied_pair(s)) {
        out += say(w.p1_tie, arg("first", w.key_number(tie->first + 1)), arg("second", w.key_number(tie->second + 1)));
    }
    out += "\n\n";

    const std::size_t top = top_key(s);
    out += say(w.p1_b, arg("exp", joined(s.exp_unscaled, num4)), arg("sum", s.printed_sum_unscaled),
               arg("weights", joined(s.weights_b, weight)), arg("top", w.key_number(top + 1)),
               arg("top_a", weight(s.weights_a[top])), arg("top_b", weight(s.weights_b[top])),
               arg("second_a", weight(s.weights_a[1])), arg("second_b", weight(s.weights_b[1])));

    const int orders = orders_lost(s);
    out += say(w.p1_c, arg("scores", joined(s.scores_c, num4)), arg("weights", joined(s.weights_c, weight)),
               arg("weight_a", weight(s.weights_a[1])), arg("one_minus_a", 1.0 - s.weights_a[1]),
               arg("slope_a", s.slope_a), arg("weight_c", weight(s.weights_c[1])),
               arg("one_minus_c", one_minus_weight_c(s)),
               arg("slope_c", at_precision(s.slope_c, Precision::significant(3))));
    out += orders == 1  ? std::string(w.p1_orders_one)
           : orders > 1 ? say(w.p1_orders_many, arg("count", w.count(static_cast<std::size_t>(orders))))
                        : std::string(w.p1_orders_none);
    out += w.p1_end;
    return out;
}

std::string problem2(const Problem2Solution& s, const SolutionWords& w) {
    const auto c = static_cast<std::size_t>(s.params.column);
    const std::string seed = seed_flag(s);
    const auto joined = [&](const std::vector<double>& xs, std::string (*f)(double)) { return worked::joined(xs, f, w.list_sep); };

    std::string out = w.p2_title;
    out += say(w.p2_problem, arg("seed", seed), arg("column", c), arg("rounded", column_rounded(s)),
               arg("full", joined(s.column_weights, num6)), arg("removed", w.entries(removed_entries(s))));

    // (a) the kept entries of column c summed: Σ_{m ≤ c} a_m < 1.
    std::string terms;
    for (std::size_t i = 0; i < c; ++i) terms += (i ? " + " : "") + num6(s.printed.kept[i]);
    const double sum = s.printed.kept_sum;
    out += say(w.p2_a, arg("terms", terms), arg("sum", sum), arg("short", 1.0 - sum), arg("percent", 100.0 * (1.0 - sum)),
               arg("column", c));

    // (b) each kept entry divided by their sum.
    out += say(w.p2_b, arg("sum", sum));
    for (std::size_t i = 0; i < c; ++i) {
        out += say(w.p2_b_term, arg("sep", i ? w.clause_sep : ""), arg("kept", num6(s.printed.kept[i])), arg("sum", sum),
                   arg("renormalised", s.printed.renormalised[i]));
    }
    out += w.p2_b_end;

    std::string masked;
    for (const std::string& x : masked_column(s)) masked += (masked.empty() ? "" : w.list_sep) + x;
    out += say(w.p2_c, arg("seed", seed), arg("column", c), arg("masked", masked));
    out += say(s.same_as_mask ? w.p2_same : w.p2_differ, arg("renormalised", joined(s.printed.renormalised, num6)),
               arg("difference", s.max_difference));
    return out;
}

std::string problem3(const Problem3Solution& s, const SolutionWords& w) {
    const auto& p = s.params;
    const CostFormula& f = s.formula;
    const double d = static_cast<double>(p.d);
    const long a = f.linear_coefficient(), b = f.quadratic_coefficient();
    const std::string heads = heads_text(s, w.list_sep);

    std::string out = w.p3_title;
    out += say(w.p3_problem, arg("d", p.d), arg("n_short", p.n_short), arg("n_long", p.n_long));

    const auto params_counted = counted_at(s, p.n_short, true);
    out += say(w.p3_a, arg("projections", f.projections), arg("mixing", coef(f.mixing, "D²")),
               arg("total", coef(f.params_coefficient(), "D²")), arg("d", p.d), arg("coefficient", f.params_coefficient()),
               arg("d_squared", grouped(d * d)), arg("params", grouped(f.params(d))));
    out += all_equal(params_counted, f.params(d))
               ? say(w.p3_a_agree, arg("d", p.d), arg("heads", heads), arg("params", grouped(f.params(d))))
               : say(w.p3_a_differ, arg("d", p.d),
                     arg("counted", params_counted.empty() ? std::string(w.p3_none)
                                                           : grouped(static_cast<double>(params_counted[0]))));

    out += say(w.p3_b, arg("projections", coef(f.projections, "D²N")), arg("per_head", f.projections),
               arg("scoring", coef(f.scoring, "N²D")), arg("weighting", coef(f.weighting, "N²D")),
               arg("mixing", coef(f.mixing, "D²N")), arg("linear", coef(a, "D²N")), arg("quadratic", coef(b, "N²D")));

    // (c) a·D²·N + b·N²·D at both lengths, written out the same in every language.
    auto expand = [&](long n) {
        const double nn = static_cast<double>(n);
        return fmt::format("{} × {} × {} + {} × {} × {} = {} + {} = {}", a, grouped(d * d), n, b, grouped(nn * nn), p.d,
                           grouped(f.linear(d, nn)), grouped(f.quadratic(d, nn)), grouped(f.muls(d, nn)));
    };
    const double growth = static_cast<double>(p.n_long) / static_cast<double>(p.n_short);
    const std::string muls_short = grouped(static_cast<double>(s.muls_short));
    const std::string muls_long = grouped(static_cast<double>(s.muls_long));
    out += say(w.p3_c, arg("n_short", p.n_short), arg("expand_short", expand(p.n_short)), arg("n_long", p.n_long),
               arg("expand_long", expand(p.n_long)), arg("muls_long", muls_long), arg("muls_short", muls_short),
               arg("ratio", s.ratio));
    out += multiplications_agree(s)
               ? say(w.p3_c_agree, arg("heads", heads), arg("muls_short", muls_short), arg("muls_long", muls_long))
               : say(w.p3_c_differ, arg("muls_short", muls_short), arg("muls_long", muls_long));
    out += say(w.p3_growth, arg("linear", num(growth, 2)), arg("quadratic", num(growth * growth, 2)));

    // (d) b·N²·D > a·D²·N ⇔ N > (a/b)·D.
    out += say(w.p3_d, arg("quadratic", coef(b, "N²D")), arg("linear", coef(a, "D²N")), arg("b", b),
               arg("threshold", threshold_text(f)),
               arg("threshold_words", f.threshold_expression() == "2*D" ? w.p3_twice_dimension : w.p3_this_threshold),
               arg("d", p.d), arg("n_equal", s.n_equal), arg("each", grouped(s.muls_each)));
    const std::string total = grouped(static_cast<double>(s.muls_equal));
    out += static_cast<double>(s.muls_equal) == 2.0 * s.muls_each
               ? say(w.p3_d_twice, arg("d", p.d), arg("n_equal", s.n_equal), arg("total", total))
               : say(w.p3_d_not_twice, arg("total", total));
    out += w.p3_end;
    return out;
}

}  // namespace

std::string solution_text(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang) {
    const SolutionWords& w = solution_words(lang);
    std::string out;
    if (!solutions.variant.is_chapter()) out += say(w.variant, arg("id", solutions.variant.id));
    if (is_book_problem(problem) || problem == kBookAll) {   // the book's problems (p. 239)
        for (int p : kBookProblems) {
            if (!problem_selected(problem, p)) continue;
            if (p != kBookProblems.front() && problem == kBookAll) out += "\n";
            out += book_solution_text(solutions.book, p, lang);
        }
        return out;
    }
    bool first = true;
    for (int p = 1; p <= 3; ++p) {
        if (problem != 0 && problem != p) continue;
        if (!first) out += "\n";
        first = false;
        out += p == 1 ? problem1(solutions.p1, w) : p == 2 ? problem2(solutions.p2, w) : problem3(solutions.p3, w);
        const std::string notes = notes_for(solutions, key, p, w);
        if (!notes.empty()) out += "\n" + notes;
    }
    return out;
}

}  // namespace attn::homework
