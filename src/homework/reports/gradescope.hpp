#pragma once
// Gradescope autograder results.json: `score`, `output`, and `tests[]` with `name` = the key,
// `score`, `max_score`, `status` ("passed"/"failed") and `output` (given, hint or note; the
// expected value only when the teacher shows it). Visibility settings come from the course file.
// The report's warnings follow the top-level `output`'s first line ("warning: …", one a line).
#include <string>

#include "homework/grade/grade.hpp"

namespace attn::homework {

std::string gradescope_json(const GradeReport& report, const GradescopeOptions& options = {});

}  // namespace attn::homework
