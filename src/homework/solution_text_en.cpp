// Worked solutions in English (--lang en), paragraph for paragraph and line for line the
// chapter's (solution_text.cpp), with the terms of UDL chapter 12: queries, keys and values,
// scaled dot-product self-attention, causal masking, multi-head self-attention, the mixing matrix
// Ωc. The numbers, and the sentences that depend on them, come from solution_numbers.hpp as in
// the chapter's text, and in the same order within each line (tests/lang_test.py checks this).
#include <fmt/format.h>

#include "homework/chapter_figures.hpp"
#include "homework/solution_numbers.hpp"
#include "homework/solution_text.hpp"

namespace attn::homework {

namespace {

using namespace worked;

std::string joined(const std::vector<double>& xs, std::string (*f)(double)) { return worked::joined(xs, f, ", "); }

// Small counts in words, as running text writes them ("three orders of magnitude"); past ten, digits.
std::string count_word(std::size_t n) {
    static const char* const words[] = {"zero", "one", "two",   "three", "four", "five",
                                        "six",  "seven", "eight", "nine", "ten"};
    return n <= 10 ? words[n] : std::to_string(n);
}

// "entry 5", "entries 4 and 5", "entries 3, 4 and 5".
std::string entries(const std::vector<std::size_t>& list) {
    std::string out = list.size() == 1 ? "entry " : "entries ";
    for (std::size_t i = 0; i < list.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + std::to_string(list[i]);
    }
    return out;
}

std::string notes_for(const Solutions& solutions, const AnswerKey& key, int problem) {
    std::string out;
    const std::string prefix = "hw" + std::to_string(problem) + ".";
    for (const ChapterDiscrepancy& d : chapter_discrepancies(key, &solutions)) {
        if (d.key.rfind(prefix, 0) != 0) continue;
        out += fmt::format("Note on the chapter ({}): it prints {}; the exact value is {}…, which to {} is {}. ", d.key,
                           d.printed, d.exact, d.precision, d.rounded);
        if (!d.graded) {
            out += "This is an intermediate figure of the worked solution (the chapter probably added the rounded "
                   "terms), not an answer on the sheet.\n";
        } else {
            out += d.within_one_unit ? "The two differ by one unit in the last place, so the grader accepts both, and "
                                       "the chapter's answer still gets full marks.\n"
                                     : "They differ by more than one unit in the last place: go by the exact value.\n";
        }
    }
    return out;
}

std::string problem1(const Problem1Solution& s) {
    const auto& p = s.params;
    std::string out = "Homework 1: attention weights by hand, and how the scale of the scores distorts them\n\n";
    out += fmt::format("Problem: keys k1={}, k2={}, k3={} of dimension Dq = {}; the second attendee's query is q={}; in (c) "
                       "the query becomes q={} (the same direction, {} times as long).\n\n",
                       vec(p.keys[0]), vec(p.keys[1]), vec(p.keys[2]), s.dq, vec(p.query), vec(s.query_c), p.scale);
    out += fmt::format("(a) The dot products are k1·q = {}, k2·q = {}, k3·q = {}. Divided by √{} ≈ {:.4f} they become {}. "
                       "Their exponentials are {}, which sum to {:.4f}, so the three weights are {}.",
                       num(s.scores[0]), num(s.scores[1]), num(s.scores[2]), s.dq, s.sqrt_dq, joined(s.scaled, num4),
                       joined(s.exp_scaled, num4), s.printed_sum_scaled, joined(s.weights_a, weight));
    if (const auto tie = tied_pair(s)) {
        out += fmt::format(" Keys k{} and k{} have the same score, so they get the same weight: that follows from the "
                           "formula; it is no coincidence.", tie->first + 1, tie->second + 1);
    }
    out += "\n\n";

    const std::size_t top = top_key(s);
    out += fmt::format("(b) Without scaling the exponentials are {}, which sum to {:.4f}, and the weights are {}. Compared "
                       "with (a), the weight of the highest-scoring key, k{}, rises from {} to {}, and that of k2 falls "
                       "from {} to {}: the larger the scale of the scores, the sharper the distribution.\n\n",
                       joined(s.exp_unscaled, num4), s.printed_sum_unscaled, joined(s.weights_b, weight), top + 1,
                       weight(s.weights_a[top]), weight(s.weights_b[top]), weight(s.weights_a[1]), weight(s.weights_b[1]));

    const int orders = orders_lost(s);
    out += fmt::format("(c) The scores become {} and the weights {}: the weight of k2 is all but zero. The trend is clear: "
                       "once the absolute scale of the scores grows, the softmax degenerates from sharing out the "
                       "weight to all but picking a single key. For the gradient, what matters is α(1−α), the "
                       "derivative of a weight with respect to its own score: for the second weight it is {} × {:.4f} ≈ {:.4f} in (a), "
                       "and {} × {} ≈ {} in (c), ",
                       joined(s.scores_c, num4), joined(s.weights_c, weight), weight(s.weights_a[1]), 1.0 - s.weights_a[1],
                       s.slope_a, weight(s.weights_c[1]), one_minus_weight_c(s),
                       at_precision(s.slope_c, Precision::significant(3)));
    out += orders == 1  ? std::string("at least an order of magnitude smaller.")
           : orders > 1 ? fmt::format("at least {} orders of magnitude smaller.", count_word(static_cast<std::size_t>(orders)))
                        : std::string("much smaller.");
    out += " This factor is multiplied into the chain rule of backpropagation, so the gradient along that path "
           "all but vanishes. Dividing by √Dq is there precisely to stop the scale of the scores from growing out of control "
           "with the dimension.\n";
    return out;
}

std::string problem2(const Problem2Solution& s) {
    const auto c = static_cast<std::size_t>(s.params.column);
    const std::string seed = seed_flag(s);

    std::string out = "Homework 2: why the mask must come before the softmax\n\n";
    out += fmt::format("Problem: in the unmasked attention matrix of section 3 (attn attention{}), column {} is {} ({} at "
                       "full precision). With the mask that lets each position see only itself and the positions before "
                       "it (causal masking), {} should not be there at all.\n\n",
                       seed, c, column_rounded(s), joined(s.column_weights, num6), entries(removed_entries(s)));

    std::string terms;
    for (std::size_t i = 0; i < c; ++i) terms += (i ? " + " : "") + num6(s.printed.kept[i]);
    out += fmt::format("(a) {} = {:.6f}. The sum falls short of 1 by {:.6f} (about {:.1f}%). As a result, y_{} is no "
                       "longer a weighted average of the values but a weighted average scaled down as a whole by a "
                       "factor of {:.2f}, and that factor differs from column to column: the earlier the position, the more of its weight "
                       "is cut off and the more it shrinks. This difference in scale has no justification at all; it "
                       "comes purely from doing it the wrong way.\n\n",
                       terms, s.printed.kept_sum, 1.0 - s.printed.kept_sum, 100.0 * (1.0 - s.printed.kept_sum), c,
                       s.printed.kept_sum);

    out += fmt::format("(b) Dividing each weight by {:.6f}: ", s.printed.kept_sum);
    for (std::size_t i = 0; i < c; ++i) {
        out += fmt::format("{}{} / {:.6f} = {:.6f}", i ? ", " : "", num6(s.printed.kept[i]), s.printed.kept_sum,
                           s.printed.renormalised[i]);
    }
    out += ".\n\n";

    std::string masked;
    for (const std::string& x : masked_column(s)) masked += (masked.empty() ? "" : ", ") + x;
    out += fmt::format("(c) In the masked matrix printed by the program of section 6 (attn mask{}), column {} reads, from "
                       "top to bottom, {}, ", seed, c, masked);
    if (s.same_as_mask) {
        out += fmt::format("which matches the {} of (b) digit for digit (the largest difference, {:.1e}, is "
                           "floating-point rounding). ", joined(s.printed.renormalised, num6), s.max_difference);
        out += "So setting the masked scores to minus infinity before the softmax, and zeroing them after it and "
               "renormalising, are mathematically the same thing; the only wrong way is that of (a), zeroing without "
               "renormalising. The advantage of masking first is therefore not different numbers but three other "
               "things. First, there is no extra normalisation to write, so there is less to get wrong. Second, the "
               "masked scores never enter the exponentials at all, which saves part of the computation. Third, and "
               "most important, the mask becomes a setting of the scoring step, so the three kinds of visibility in "
               "section 6 all run on the same code, switched by swapping a single boolean matrix.\n";
    } else {
        out += fmt::format("which does not match the {} of (b) (largest difference {:.3e}): the core's masking is "
                           "wrong; please report it.\n",
                           joined(s.printed.renormalised, num6), s.max_difference);
    }
    return out;
}

std::string problem3(const Problem3Solution& s) {
    const auto& p = s.params;
    const CostFormula& f = s.formula;
    const double d = static_cast<double>(p.d);
    const long a = f.linear_coefficient(), b = f.quadratic_coefficient();
    const std::string heads = heads_text(s, ", ");

    std::string out = "Homework 3: parameters or computation, which one fears long sequences?\n\n";
    out += fmt::format("Problem: one layer of multi-head self-attention with H heads, total dimension D, D/H per head "
                       "and sequence length N, biases ignored; in (c), D = {} and N goes from {} to {}.\n\n",
                       p.d, p.n_short, p.n_long);

    const auto params_counted = counted_at(s, p.n_short, true);
    out += fmt::format("(a) Each head has three projections (for its queries, keys and values), each (D/H) × D, so one "
                       "head has {}D²/H parameters; the H heads together have {}D², whatever H is. Adding the {} of the "
                       "mixing matrix Ωc gives {} in total. This does not depend on N at all: it is what section 2 means "
                       "by \"the number of parameters does not depend on the length of the sequence\". At D = {} it is "
                       "{} × {} = {}; ",
                       f.projections, f.projections, coef(f.mixing, "D²"), coef(f.params_coefficient(), "D²"), p.d,
                       f.params_coefficient(), grouped(d * d), grouped(f.params(d)));
    out += all_equal(params_counted, f.params(d))
               ? fmt::format("attn multihead --d {} with H = {} counts {} parameters every time, as it should.\n\n", p.d,
                             heads, grouped(f.params(d)))
               : fmt::format("but attn multihead --d {} counts {}, which does not match the formula!\n\n", p.d,
                             params_counted.empty() ? std::string("(none)")
                                                    : grouped(static_cast<double>(params_counted[0])));

    out += fmt::format("(b) Projections: {} ({}(D/H)DN per head, times H heads). Scoring: {} (N²(D/H) per head). "
                       "Weighting: likewise {}. Mixing: {}. Total: {} + {}. The terms that grow quadratically are "
                       "scoring and weighting, because they run over every pair of positions.\n\n",
                       coef(f.projections, "D²N"), f.projections, coef(f.scoring, "N²D"), coef(f.weighting, "N²D"),
                       coef(f.mixing, "D²N"), coef(a, "D²N"), coef(b, "N²D"));

    auto expand = [&](long n) {
        const double nn = static_cast<double>(n);
        return fmt::format("{} × {} × {} + {} × {} × {} = {} + {} = {}", a, grouped(d * d), n, b, grouped(nn * nn), p.d,
                           grouped(f.linear(d, nn)), grouped(f.quadratic(d, nn)), grouped(f.muls(d, nn)));
    };
    const double growth = static_cast<double>(p.n_long) / static_cast<double>(p.n_short);
    out += fmt::format("(c) N = {}: {}. N = {}: {}. The ratio is {} / {} ≈ {:.2f}. ", p.n_short, expand(p.n_short),
                       p.n_long, expand(p.n_long), grouped(static_cast<double>(s.muls_long)),
                       grouped(static_cast<double>(s.muls_short)), s.ratio);
    out += multiplications_agree(s)
               ? fmt::format("The multiplications attn multihead counts (the same for H = {}) are also {} and {}, as "
                             "the formula says.", heads, grouped(static_cast<double>(s.muls_short)),
                             grouped(static_cast<double>(s.muls_long)))
               : fmt::format("But attn multihead counts {} and {}, which does not match the formula!",
                             grouped(static_cast<double>(s.muls_short)), grouped(static_cast<double>(s.muls_long)));
    out += fmt::format(" Note how differently the two parts grow: the linear terms by a factor of {}, the quadratic "
                       "terms by a factor of {}.\n\n", num(growth, 2), num(growth * growth, 2));

    out += fmt::format("(d) Setting {} > {} and dividing both sides by {}ND (N and D are both positive) gives N > {}. In "
                       "other words, the quadratic part (scoring and weighting) starts to dominate the computation only "
                       "once the sequence is longer than {}. At D = {} that is N = {}, where the two parts are both {}, "
                       "exactly equal",
                       coef(b, "N²D"), coef(a, "D²N"), b, threshold_text(f),
                       f.threshold_expression() == "2*D" ? "twice the total dimension" : "this threshold", p.d,
                       s.n_equal, grouped(s.muls_each));
    out += static_cast<double>(s.muls_equal) == 2.0 * s.muls_each
               ? fmt::format(" (attn multihead --d {} --n {} counts a total of {}, exactly twice that).", p.d, s.n_equal,
                             grouped(static_cast<double>(s.muls_equal)))
               : fmt::format(" (but attn multihead counts a total of {}, not twice that!).",
                             grouped(static_cast<double>(s.muls_equal)));
    out += " This clears up a common misunderstanding: for short sequences the quadratic part is no bottleneck at all; "
           "it takes the leading role only once the context grows long.\n";
    return out;
}

}  // namespace

std::string solution_text_english(const Solutions& solutions, const AnswerKey& key, int problem) {
    std::string out;
    if (!solutions.variant.is_chapter()) {
        out += "(Variant " + solutions.variant.id + ": the numbers of these problems are derived from this ID and differ "
                                                    "from the chapter's.)\n\n";
    }
    bool first = true;
    for (int p = 1; p <= 3; ++p) {
        if (problem != 0 && problem != p) continue;
        if (!first) out += "\n";
        first = false;
        out += p == 1 ? problem1(solutions.p1) : p == 2 ? problem2(solutions.p2) : problem3(solutions.p3);
        const std::string notes = notes_for(solutions, key, p);
        if (!notes.empty()) out += "\n" + notes;
    }
    return out;
}

}  // namespace attn::homework
