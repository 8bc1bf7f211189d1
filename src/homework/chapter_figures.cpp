#include "homework/chapter_figures.hpp"

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

std::vector<ChapterDiscrepancy> chapter_discrepancies(const AnswerKey& key) {
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
    return out;
}

}  // namespace attn::homework
