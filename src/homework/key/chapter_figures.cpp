#include "homework/key/chapter_figures.hpp"

#include <cmath>

#include <cstdlib>

namespace attn::homework {

const std::vector<ChapterFigure>& chapter_figures() {
    // 作業一（a）（b）（c）, 作業二（a）（b）, 作業三（a）（c）（d）: the numbers as the chapter prints them.
    static const std::vector<ChapterFigure> figures = {
        {"hw1.a.scores", {"2", "0", "2"}},
        {"hw1.a.scaled", {"1.4142", "0", "1.4142"}},
        {"hw1.a.weights", {"0.4458", "0.1084", "0.4458"}},
        {"hw1.b.weights", {"0.4683", "0.0634", "0.4683"}},
        {"hw1.c.weights", {"0.5000", "0.0000227", "0.5000"}},
        {"hw1.c.slope_a", {"0.0967"}},
        {"hw1.c.slope_c", {"0.0000227"}},
        {"hw2.a.kept_sum", {"0.801716"}},
        {"hw2.b.weights", {"0.260645", "0.026725", "0.712630"}},
        {"hw3.a.params_d48", {"9216"}},
        {"hw3.c.muls_n10", {"101760"}},
        {"hw3.c.muls_n40", {"522240"}},
        {"hw3.c.ratio", {"5.13"}},
        {"hw3.d.n_equal_d48", {"96"}},
        {"hw3.d.muls_each", {"884736"}},
    };
    return figures;
}

const ChapterFigure* find_chapter_figure(const std::string& key) {
    for (const auto& f : chapter_figures()) {
        if (f.key == key) return &f;
    }
    return nullptr;
}

std::vector<SolutionFigure> chapter_solution_figures(const Solutions& s) {
    // 作業一（a）（b）（c）: the intermediate numbers of the chapter's worked solution, as printed.
    const Precision dp4 = Precision::places(4);
    return {
        {"hw1.a sqrt(Dq)", "1.4142", s.p1.sqrt_dq, dp4},
        {"hw1.a exp of the scaled score", "4.1133", s.p1.exp_scaled[0], dp4},
        {"hw1.a sum of the exponentials", "9.2266", s.p1.sum_scaled, dp4, s.p1.printed_sum_scaled},
        {"hw1.b exp of the raw score", "7.3891", s.p1.exp_unscaled[0], dp4},
        {"hw1.b sum of the exponentials", "15.7781", s.p1.sum_unscaled, dp4, s.p1.printed_sum_unscaled},
        {"hw1.c 1 - alpha_2 in (a)", "0.8916", 1.0 - s.p1.weights_a[1], dp4},
        {"hw1.c 1 - alpha_2 in (c)", "0.9999773", 1.0 - s.p1.weights_c[1], Precision::places(7)},
    };
}

std::vector<ChapterDiscrepancy> chapter_discrepancies(const AnswerKey& key, const Solutions* solutions) {
    std::vector<ChapterDiscrepancy> out;
    if (!key.variant.is_chapter()) return out;
    for (const Item& item : key.items) {
        const ChapterFigure* figure = find_chapter_figure(item.key());
        if (!figure || figure->printed.size() != item.values.size()) continue;
        for (std::size_t i = 0; i < item.values.size(); ++i) {
            const double printed = std::strtod(figure->printed[i].c_str(), nullptr);
            if (is_correctly_rounded(printed, item.values[i], item.precision)) continue;
            ChapterDiscrepancy d;
            d.key = item.key();
            d.element = i;
            d.printed = figure->printed[i];
            Precision finer = item.precision;
            finer.digits += 2;
            d.exact = at_precision(item.values[i], finer);
            d.rounded = at_precision(item.values[i], item.precision);
            d.within_one_unit = within_one_unit(printed, item.values[i], item.precision);
            d.precision = describe(item.precision);
            out.push_back(d);
        }
    }
    if (!solutions || !solutions->variant.is_chapter()) return out;
    for (const SolutionFigure& f : chapter_solution_figures(*solutions)) {
        const double printed = std::strtod(f.printed.c_str(), nullptr);
        if (is_correctly_rounded(printed, f.value, f.precision)) continue;
        if (std::isfinite(f.added) && printed == f.added) continue;   // what its printed terms add to
        ChapterDiscrepancy d;
        d.key = f.label;
        d.printed = f.printed;
        Precision finer = f.precision;
        finer.digits += 2;
        d.exact = at_precision(f.value, finer);
        d.rounded = at_precision(f.value, f.precision);
        d.within_one_unit = within_one_unit(printed, f.value, f.precision);
        d.precision = describe(f.precision);
        d.graded = false;
        out.push_back(d);
    }
    return out;
}

}  // namespace attn::homework
