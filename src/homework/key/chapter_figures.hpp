#pragma once
// The figures the chapter itself prints in its worked answers (section 04, 作業和解答), quoted as
// printed. The answer key never reads them: every key value is computed by the core. They are
// only compared with the computed values, so that where the chapter's print is not the correctly
// rounded exact value (1(c): it prints 0.0967 for α(1−α); exact 0.09664, so 0.0966 to 4 places)
// the grader and `attn homework 1` can say so as a note on the chapter.
#include <limits>
#include <string>
#include <vector>

#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"

namespace attn::homework {

struct ChapterFigure {
    std::string key;                    // sheet key, as in book-answers.toml
    std::vector<std::string> printed;   // the chapter's digits, one per element
};

const std::vector<ChapterFigure>& chapter_figures();
const ChapterFigure* find_chapter_figure(const std::string& key);

// Figures the chapter prints in its worked solutions that are not answers on the sheet
// (1(a)'s sum of the exponentials, 9.2266), with the value attn computes for each.
struct SolutionFigure {
    std::string label;                  // "hw1.a sum of the exponentials"
    std::string printed;                // "9.2266"
    double value = 0;                   // computed
    Precision precision;                // as printed: 4 decimal places
    // For a sum: what its terms add to as printed (4.1133 + 1 + 4.1133 = 9.2266). A figure that
    // equals it is right arithmetic on the printed figures, not an erratum (issue 17, point 1).
    double added = std::numeric_limits<double>::quiet_NaN();
};
std::vector<SolutionFigure> chapter_solution_figures(const Solutions& solutions);

// A printed figure that is not what the exact value rounds to at the item's precision.
struct ChapterDiscrepancy {
    std::string key;
    std::size_t element = 0;            // index into the item's values (0 for a scalar)
    std::string printed;                // "0.0967"
    std::string exact;                  // the exact value with two more digits: "0.096636"
    std::string rounded;                // correctly rounded at the asked precision: "0.0966"
    bool within_one_unit = false;       // the grader accepts it
    std::string precision;              // "4 decimal places"
    bool graded = true;                 // an answer on the sheet (false: a worked-solution figure)
};

// Only for the chapter's own numbers (key.variant.is_chapter()); empty for a variant. With
// `solutions`, the worked-solution figures are compared too. These are the errata that
// docs/homework.md lists.
std::vector<ChapterDiscrepancy> chapter_discrepancies(const AnswerKey& key, const Solutions* solutions = nullptr);

}  // namespace attn::homework
