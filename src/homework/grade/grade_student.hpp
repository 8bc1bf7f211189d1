#pragma once
// One student's sheet graded: the single grading function that `--grade` and `--grade-class` both
// call, so that a class is graded exactly as each of its sheets would be alone (same secret,
// course file, points, feedback). The teacher's side (course file, secret, flags) is read once into
// a GradingPolicy (teacher.hpp); grading a student then reads only that student's sheet.
#include <exception>
#include <string>

#include "homework/grade/grade.hpp"
#include "homework/grade/teacher.hpp"

namespace attn::homework {

// Why a sheet was not graded, or that it was.
enum class SheetStatus { graded, refused_id, missing_file, unreadable_file, unreadable_sheet };
const char* sheet_status_name(SheetStatus status);   // "graded", "refused ID", "missing file", …

struct StudentGrade {
    GradeReport report;             // with `error` set when the sheet was not graded
    SheetStatus status = SheetStatus::graded;
    std::exception_ptr failure;     // what stopped grading (rethrown by --grade), null when graded
    GradescopeOptions gradescope;   // the course file's visibility settings, for results.json
};

// Grades the sheet at `path` (shown as `shown_name`) for student `id` (as typed; "" is the
// chapter's numbers), with a fresh draw of expression points as every --grade run has. Never throws
// for a bad ID or sheet: the report says why (score 0), and `failure` holds the error.
StudentGrade grade_student(const GradingPolicy& policy, const std::string& id, const std::string& path,
                           const std::string& shown_name);

}  // namespace attn::homework
