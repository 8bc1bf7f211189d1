#pragma once
// `attn homework`: the one entry point the CLI calls. This is the homework room's glue: it turns
// flag texts into options, reads the files (course file, secret file, sheet), writes the report
// files (each atomically, stale ones replaced before the sheet is read) and appends the step
// summary. Everything else (grading, report texts) is pure and lives beside it. Errors are thrown
// as attn::UsageError (exit 2) and attn::IoError (exit 3) for main to catch.
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "homework/class/grade_class.hpp"
#include "homework/problems/variant.hpp"
#include "homework/reports/report_set.hpp"

namespace attn::homework {

// The flags as the CLI parsed them (once: numbers are numbers, files are texts), and the
// environment as read by the CLI. Which flags go together, and each range, homework_options checks.
struct HomeworkFlags {
    std::vector<long> problems;               // the positional problem numbers (one, in 1..3, or none)
    bool want_template = false;               // --template
    bool want_key = false;                    // --key
    std::optional<std::string> grade;         // --grade FILE
    std::optional<std::string> grade_class;   // --grade-class ROSTER
    std::optional<std::string> out;           // --out DIR
    std::optional<long> jobs;                 // --jobs N (read as Python's int(), at the edge)
    std::map<std::string, std::string> report_files;   // a report format's flag -> FILE (reports/report_formats.hpp)
    // A report flag given again (a refused command line): {flag, FILE} of each later one, so that
    // the refusal replaces every stale report the command line names (issue 43).
    std::vector<std::pair<std::string, std::string>> repeated_report_files;
    std::optional<std::string> points;        // --points RULES
    std::optional<std::string> course;        // --course FILE
    bool show_expected = false;               // --show-expected
    std::optional<std::string> variant;       // --variant ID
    std::optional<std::string> secret_file;   // --secret-file FILE
    std::optional<std::string> svg;           // --svg DIR
    std::optional<std::string> step_summary;  // $GITHUB_STEP_SUMMARY
    std::optional<std::string> secret_env;    // $ATTN_COURSE_SECRET
};

// Every room's request, the glue's own fields added: the teacher's side (TeacherSide,
// grade/grade_student.hpp) and the class run (ClassRun, class/grade_class.hpp) are read by the rooms
// that use them, each from its own part, so that no room below includes this glue.
struct HomeworkOptions : ClassRun {
    enum class Mode { solutions, template_sheet, key, grade, grade_class };
    Mode mode = Mode::solutions;
    std::string sheet;             // --grade FILE ("-" is standard input)
    ReportFiles report_files;      // a report format's flag -> FILE (reports/report_formats.hpp)
    std::string step_summary;      // $GITHUB_STEP_SUMMARY (appended to), "" when unset
    std::string svg_dir;           // --svg DIR: the worked solutions' charts written there; "": none
};

// Checks the flags' combinations and values (exit 2). Reads no file.
HomeworkOptions homework_options(const HomeworkFlags& flags);

// A refusal, typed: its kind is the exit code (usage 2, files 3), never re-read from its text.
struct Refusal {
    enum class Kind { usage, files };
    Kind kind = Kind::usage;
    std::string flag;      // the flag, variable or file refused: "--points", "$GITHUB_STEP_SUMMARY", "--gradescope"
    std::string message;   // what is wrong with it
    static Refusal of(const UsageError& e);   // e's flag and message, kind usage
    int exit_code() const { return kind == Kind::usage ? 2 : 3; }
    // The error line: "FLAG: MESSAGE" (attn::UsageError's shape); for files "FLAG MESSAGE", the
    // message starting with the path ("--gradescope out/: is a directory").
    std::string text() const { return kind == Kind::usage ? flag + ": " + message : flag + " " + message; }
    [[noreturn]] void raise() const;          // throws attn::UsageError or attn::IoError
};

struct HomeworkOutput {
    std::string out;               // standard output
    std::string err;               // warnings for standard error (each line "attn: warning: …")
    int code = 0;                  // 0 all right (or not grading), 1 wrong or missing answers
};

// The variant the options name, with the course secret (--secret-file or $ATTN_COURSE_SECRET)
// when one is given: what --key, --template and --grade use.
Variant homework_variant(const HomeworkOptions& options);
// "attn: warning: --secret-file: …\n" when the --secret-file is readable by group or others, else "":
// the line --key, --template and the worked solutions print (a grading's reports carry it too).
std::string secret_file_warning(const HomeworkOptions& options);

// A refusal before the options are known (a bad flag value, $ATTN_LANG, an empty ID, a report flag
// given twice): with --grade, the stale reports at the report paths given (a repeated flag's
// every FILE too) are replaced by score-0 reports naming `reason` (and the step summary says it,
// once), every path checked as for a grading first. Never throws.
void report_refusal(const HomeworkFlags& flags, const Refusal& refusal);

// When the sheet cannot be read, the reports are still written (saying why) before the error is
// rethrown, so that a CI job gets its report files and summary in every case.
// `progress(done, total)` is called as the students of --grade-class are graded. When --grade then
// throws, the warnings its reports carry (a secret file others can read, …) are put in
// `*warnings_on_failure` (as HomeworkOutput::err has them), for the caller to print before the error.
HomeworkOutput run_homework(const HomeworkOptions& options,
                            const std::function<void(std::size_t, std::size_t)>& progress = {},
                            std::string* warnings_on_failure = nullptr);

}  // namespace attn::homework
