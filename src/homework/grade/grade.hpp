#pragma once
// Grading an answer sheet against the key: plain data out (one row per key), which the report
// writers (homework/reports/) turn into bytes. No printing, no files, no environment here.
//
// The sheet carries answers only: points and feedback policy come from GradeOptions (the
// teacher's --points, --course, --show-expected); a [meta] table in a sheet is ignored with one
// warning. The expected value is put in the report only when the teacher asks for it, so that no
// writer can show it by mistake.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "homework/key/answer_key.hpp"
#include "homework/grade/course.hpp"
#include "homework/grade/points.hpp"
#include "homework/io/cells.hpp"
#include "homework/sheet/sheet.hpp"

namespace attn::homework {

// Verdict (right, wrong, missing) and its word: io/cells.hpp, with the other cells of a report.

struct GradedItem {
    std::string key;              // "hw1.c.slope_a"
    Verdict verdict = Verdict::missing;
    std::string given;            // the answer as read, for display ("" when missing)
    std::string expected;         // with show_expected only: the exact value at the asked precision
    std::string precision;        // "4 dp", "3 sf", "exact", "expression", "boolean"
    std::string hint;             // wrong or missing: what went wrong (names a known mistake), never the value
    std::string note;             // right, but worth a word (not the correctly rounded value)
    bool note_on_chapter = false; // the note is about a figure the chapter prints
    int mistake = -1;             // wrong: the index in Item::mistakes of the known mistake it equals
    std::size_t elements_right = 0;   // an array of the asked length: its elements within the rule
    double points = 0;            // earned
    double max_points = 1;
};

struct GradeReport {
    std::string sheet;            // the sheet's name as shown ("<stdin>" for -)
    std::string variant;          // "chapter" or the normalised --variant ID
    std::string variant_origin;   // "keyed by the course secret", "self-study numbers, …", "the chapter's numbers"
    std::vector<GradedItem> items;
    std::vector<std::string> warnings;   // unknown keys, an ignored [meta], unused --points rules
    double score = 0, max_score = 0;
    std::size_t right = 0, wrong = 0, missing = 0;
    std::string error;            // set when the sheet was not graded (items then empty): why
    int error_code = 0;           // 2 or 3 with `error`
    // With `error`: whether the sheet itself could not be read, or grading was refused before it
    // (a flag, report path, course file, secret or student ID), so each report names the reason.
    enum class NotGraded { sheet_unreadable, refused };
    NotGraded not_graded = NotGraded::sheet_unreadable;
    // "The answer sheet could not be read" or "Not graded": what the reports put before `error`.
    const char* not_graded_text() const;

    // 0 every item right, 1 any wrong or missing, or error_code.
    int exit_code() const;
};

struct GradeOptions {
    int problem = 0;              // 0: every problem; 1..3: that one (other keys are not unknown)
    PointRules points;            // the teacher's: course file, then --points (1 each by default)
    bool show_expected = false;   // wrong and missing rows carry the expected value
    // A wrong answer with fewer digits than asked that is right to the digits it has is told so
    // ("right as far as it goes"). Off by default: that feedback finds a key digit by digit.
    bool partial_digits = false;
    std::uint64_t expression_seed = 0;   // the points expressions are compared at (expression.hpp)
    ToleranceRules tolerance;     // the course file's [tolerance]: per key, instead of one unit of the last place
    PointRules partial_credit;    // the course file's [partial_credit]: arrays earn points per element right
};

// Grades every key. A key holding the wrong type, given twice, or holding a table is marked wrong
// with a one-line reason naming its place (SHEET:LINE:COLUMN); the rest is graded. Throws
// attn::UsageError("--grade", …) only when the sheet holds no [hw1], [hw2] or [hw3] at all.
GradeReport grade(const AnswerKey& key, const Sheet& sheet, const GradeOptions& options = {});

// A report for a sheet that was not graded (`why`: unreadable, or grading refused), so that CI
// still gets its files: score 0, `error` the reason.
GradeReport unreadable_sheet(const std::string& sheet, const Variant& variant, const std::string& error, int code,
                             GradeReport::NotGraded why);


}  // namespace attn::homework
