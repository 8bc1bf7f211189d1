#pragma once
// A sheet's answers that this run does not grade: those under the tables of problems not selected.
#include <optional>
#include <string>

#include "homework/sheet/sheet.hpp"

namespace attn::homework {

// Answers under the tables of problems this run does not grade (a sheet of the book's problems
// graded without `book` scored 0/19 "missing" without a word): named, with the command that
// grades them (issue 43), the sheet shown as `path`. nullopt when there are none.
// A template's commented-out lines are no answers; a line set aside is one.
std::optional<std::string> ungraded_tables(const Sheet& sheet, int selection, const std::string& path);

}  // namespace attn::homework
