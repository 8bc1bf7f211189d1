#pragma once
// The teacher's side of a grading run, read once: the flags, the course file and the course
// secret, into a GradingPolicy that grading every sheet then reads (grade_student.hpp).
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

// Reads the course file and the course secret the options name into `policy`: the secret file,
// then the course file are read, and the course file is checked before the secret, so the
// course's settings (its report visibility) apply to the report of any refusal after it; what was
// read before a failure stays in `policy`, for the report that says why. Throws attn::UsageError
// (exit 2) or attn::IoError (exit 3).
void read_grading_policy(const TeacherSide& teacher, GradingPolicy& policy);

// The course secret: --secret-file wins over $ATTN_COURSE_SECRET; "" when neither is given.
std::string course_secret(const TeacherSide& teacher);

// Why the --secret-file is exposed ("FILE: readable by group or others (mode 0644); chmod 600 it"),
// or nullopt: what every report of a grading warns about, and --key and --template too.
std::optional<std::string> secret_file_exposed(const TeacherSide& teacher);

}  // namespace attn::homework
