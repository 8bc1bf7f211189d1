#pragma once
// Grading an answer sheet against the key: plain data out (one row per key), which the table,
// JUnit, Gradescope and Markdown writers turn into bytes. No printing here.
#include <cstddef>
#include <string>
#include <vector>

#include "homework/answer_key.hpp"
#include "homework/points.hpp"
#include "homework/sheet.hpp"

namespace attn::homework {

enum class Verdict { right, wrong, missing };
const char* verdict_name(Verdict v);   // "right", "wrong", "missing"

struct GradedItem {
    std::string key;              // "hw1.c.slope_a"
    Verdict verdict = Verdict::missing;
    std::string given;            // the answer as read, for display ("" when missing)
    std::string expected;         // the exact value at the asked precision, as sheet text
    std::string precision;        // "4 dp", "3 sf", "exact", "expression", "boolean"
    std::string hint;             // wrong or missing: what went wrong (names a known mistake)
    std::string note;             // right, but worth a word (not the correctly rounded value)
    bool note_on_chapter = false; // the note is about a figure the chapter prints
    double points = 0;            // earned
    double max_points = 1;
};

struct GradeReport {
    std::string sheet;            // the sheet's name as given
    std::string variant;          // "chapter" or the --variant ID
    std::vector<GradedItem> items;
    std::vector<std::string> warnings;   // unknown keys, a variant mismatch, unused --points rules
    double score = 0, max_score = 0;
    std::size_t right = 0, wrong = 0, missing = 0;
    std::string error;            // set when the sheet could not be read (items then empty)
    int error_code = 0;           // 2 or 3 with `error`

    // 0 every item right, 1 any wrong or missing, or error_code.
    int exit_code() const;
};

struct GradeOptions {
    int problem = 0;              // 0: every problem; 1..3: that one (other keys are not unknown)
    PointRules points;            // --points; win over the sheet's [meta.points]
};

// Throws attn::UsageError("--grade", "SHEET:LINE:COLUMN: …") when a key holds the wrong type, when
// [meta] is malformed, or when the sheet has no [hw1], [hw2] or [hw3] at all (exit code 2).
GradeReport grade(const AnswerKey& key, const Sheet& sheet, const GradeOptions& options = {});

// A report for a sheet that could not be read, so that CI still gets its files.
GradeReport unreadable_sheet(const std::string& sheet, const std::string& variant, const std::string& error,
                             int code);

// Points as a short number: "1", "0.5", "18.25".
std::string points_text(double points);

}  // namespace attn::homework
