#pragma once
// The grading table on standard output: one row per key (verdict, points, given, expected at the
// asked precision), a hint or note under a row that needs one, then the score.
#include <string>

#include "homework/grade/grade.hpp"

namespace attn::homework {

std::string grade_table_text(const GradeReport& report);

}  // namespace attn::homework
