#pragma once
// The Markdown summary appended to $GITHUB_STEP_SUMMARY: a heading with the score, a table of
// keys with verdicts, hints and notes.
#include <string>

#include "homework/grade/grade.hpp"

namespace attn::homework {

std::string summary_markdown(const GradeReport& report);

}  // namespace attn::homework
