#pragma once
// One student's sheet graded: the single grading function that `--grade` and `--grade-class` both
// call, so that a class is graded exactly as each of its sheets would be alone (same secret,
// course file, points, feedback). The teacher's side (course file, secret, flags) is read once into
// a GradingPolicy; grading a student then reads only that student's sheet.
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "homework/grade/course.hpp"
#include "homework/grade/grade.hpp"

namespace attn::homework {

// The teacher's side of a run as the flags and the environment gave it (the glue's HomeworkOptions
// extends it): what read_grading_policy reads, and the problem to grade and the student's ID.
struct TeacherSide {
    int problem = 0;               // 0: all three; 1..3, or a book problem (book_problems.hpp)
    std::string variant;           // --variant ID as typed; "" is the chapter's numbers
    std::string course;            // --course FILE
    std::string secret_file;       // --secret-file FILE
    std::optional<std::string> secret_env;   // $ATTN_COURSE_SECRET
    PointRules points;             // --points
    bool show_expected = false;    // --show-expected
};

struct GradingPolicy {
    CoursePolicy course;
    std::string secret;             // "" without a course secret (self-study numbers)
    GradeOptions options;           // problem, points (course file, then --points), show_expected
    GradescopeOptions gradescope;   // the course file's visibility settings
    // The teacher's files, {flag, path}: a sheet that is one of them (a student's committed
    // symbolic link to the secret file) is refused unread, so no error message shows its text.
    std::vector<std::pair<std::string, std::string>> teacher_files;
    // Said in every report of the run, graded or not, and once on the terminal and in class.md of a
    // class run: a secret file others can read (issues 29 and 43).
    std::vector<std::string> warnings;
};

// Reads the course file, then the course secret, the options name, into `policy` (what was read
// before a failure stays there, for the report that says why). Throws attn::UsageError (exit 2) or
// attn::IoError (exit 3).
void read_grading_policy(const TeacherSide& teacher, GradingPolicy& policy);

// The course secret: --secret-file wins over $ATTN_COURSE_SECRET; "" when neither is given.
std::string course_secret(const TeacherSide& teacher);

// Why the --secret-file is exposed ("FILE: readable by group or others (mode 0644); chmod 600 it"),
// or nullopt: what every report of a grading warns about, and --key and --template too.
std::optional<std::string> secret_file_exposed(const TeacherSide& teacher);

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

// --grade's one sheet: the teacher's side read (read_grading_policy), then the sheet graded by
// grade_student. Never throws: a course file or secret that cannot be read is the report's error
// (what was read before it, such as the course's visibility settings, still applies).
StudentGrade grade_one_sheet(const TeacherSide& teacher, const std::string& sheet);

}  // namespace attn::homework
