#pragma once
// The course file: grading policy that the teacher keeps outside the students' repositories
// (`--course FILE`). A student's sheet carries answers only; everything that decides a grade or
// what a student is shown comes from here or from the command line. TOML:
//
//   require_secret = true     # fail closed: no course secret or no --variant ID -> score 0
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
// Unknown tables or keys are errors (a misspelt policy must not pass silently).
#include <string>
#include <string_view>

#include "homework/points.hpp"

namespace attn::homework {

struct CoursePolicy {
    PointRules points;
    bool show_expected = false;
    bool partial_digits = false;
    bool require_secret = false;     // grade keyed numbers only (a student's ID and the secret)     // [feedback] partial_digits: digit-level feedback, off by default
    std::string tests_visibility;    // "" when unset
    std::string stdout_visibility;   // "" when unset
};

// Throws attn::UsageError("--course", "NAME:LINE:COLUMN: …") (exit code 2).
CoursePolicy parse_course(std::string_view text, const std::string& name);

// Whether `value` is one of Gradescope's visibility settings.
bool is_gradescope_visibility(const std::string& value);

}  // namespace attn::homework
