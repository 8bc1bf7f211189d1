#pragma once
// Gradescope autograder results.json: `score`, `output`, and `tests[]` with `name` = the key,
// `score`, `max_score`, `status` ("passed"/"failed") and `output` (given, expected, hint or note).
#include <string>

#include "homework/grade.hpp"

namespace attn::homework {

std::string gradescope_json(const GradeReport& report);

}  // namespace attn::homework
