#pragma once
// The course file: grading policy that the teacher keeps outside the students' repositories
// (`--course FILE`). A student's sheet carries answers only; everything that decides a grade or
// what a student is shown comes from here or from the command line. TOML:
//
//   require_secret = true     # fail closed: no course secret or no --variant ID -> score 0
//   problems = ["hw1", "hw2", "hw3", "book12_4"]   # the problems set (default: the chapter's three)
//
//   [points]                  # points per key, part or problem; the most specific rule wins
//   "*" = 1
//   hw3 = 2
//   hw1.c.slope_a = 0.5
//
//   [feedback]
//   show_expected = false     # true: wrong answers also show the expected value
//   partial_digits = false    # true: a short answer right to its digits is told so (an oracle)
//
//   [gradescope]              # visible | hidden | after_due_date | after_published
//   visibility = "after_published"
//   stdout_visibility = "hidden"
//
//   [tolerance]               # per key, part or problem; the most specific rule wins
//   "hw1.c" = { digits = 2 }  # one unit of the 2nd place the key asks (decimal places or sf)
//   hw2 = { rtol = 1e-4 }     # |given - exact| <= 1e-4 |exact| (numbers and integers)
//   "hw3.c.ratio" = { atol = 0.05, rtol = 0 }
//
//   [partial_credit]          # arrays: points in proportion to the elements right
//   hw2.b.weights = true
//
// Unknown tables or keys are errors (a misspelt policy must not pass silently).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "homework/grade/points.hpp"
#include "homework/key/key_rules.hpp"

namespace attn::homework {

// The course file's [gradescope] table, as Gradescope's results.json takes it.
struct GradescopeOptions {
    std::string tests_visibility;    // each test's "visibility"; "" leaves Gradescope's default
    std::string stdout_visibility;   // top-level "stdout_visibility"; "" leaves the default
};

struct CoursePolicy {
    PointRules points;
    ToleranceRules tolerance;
    PointRules partial_credit;       // 1: on, 0: off (the default), per pattern
    bool show_expected = false;
    bool partial_digits = false;
    bool require_secret = false;     // grade keyed numbers only (a student's ID and the secret)     // [feedback] partial_digits: digit-level feedback, off by default
    std::string tests_visibility;    // "" when unset
    std::string stdout_visibility;   // "" when unset
    std::vector<int> problems;       // problems = ["hw1", "book12_4", …]: the problems set (ids, book_problems.hpp)
};

// Throws attn::UsageError("--course", "NAME:LINE:COLUMN: …") (exit code 2).
CoursePolicy parse_course(std::string_view text, const std::string& name);

// Whether `value` is one of Gradescope's visibility settings.
bool is_gradescope_visibility(const std::string& value);

}  // namespace attn::homework
