#pragma once
// The figures the chapter itself prints in its worked answers (section 04, 作業和解答), quoted as
// printed. The answer key never reads them: every key value is computed by the core. They are
// only compared with the computed values, so that where the chapter's print is not the correctly
// rounded exact value (1(c): it prints 0.0967 for α(1−α); exact 0.09664, so 0.0966 to 4 places)
// the grader and `attn homework 1` can say so as a note on the chapter.
#include <string>
#include <vector>

#include "homework/answer_key.hpp"

namespace attn::homework {

struct ChapterFigure {
    std::string key;                    // sheet key, as in book-answers.toml
    std::vector<std::string> printed;   // the chapter's digits, one per element
};

const std::vector<ChapterFigure>& chapter_figures();
const ChapterFigure* find_chapter_figure(const std::string& key);

// A printed figure that is not what the exact value rounds to at the item's precision.
struct ChapterDiscrepancy {
    std::string key;
    std::size_t element = 0;            // index into the item's values (0 for a scalar)
    std::string printed;                // "0.0967"
    std::string exact;                  // the exact value with two more digits: "0.096636"
    std::string rounded;                // correctly rounded at the asked precision: "0.0966"
    bool within_one_unit = false;       // the grader accepts it
    std::string precision;              // "4 decimal places"
};

// Only for the chapter's own numbers (key.variant.is_chapter()); empty for a variant.
std::vector<ChapterDiscrepancy> chapter_discrepancies(const AnswerKey& key);

}  // namespace attn::homework
