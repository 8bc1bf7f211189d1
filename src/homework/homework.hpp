#pragma once
// `attn homework`: the one entry point main.cpp calls. Worked solutions, --template, --key, or
// --grade with its reports (JUnit, Gradescope, $GITHUB_STEP_SUMMARY). Options in, texts and an
// exit code out; errors are thrown as attn::UsageError (2) and attn::IoError (3) for main to catch.
#include <string>

#include "homework/points.hpp"

namespace attn::homework {

struct HomeworkOptions {
    enum class Mode { solutions, template_sheet, key, grade };
    Mode mode = Mode::solutions;
    int problem = 0;               // 0: all three; 1..3
    std::string variant;           // --variant ID; "" is the chapter's numbers
    std::string sheet;             // --grade FILE ("-" is standard input)
    std::string junit;             // --junit FILE
    std::string gradescope;        // --gradescope FILE
    std::string step_summary;      // $GITHUB_STEP_SUMMARY (appended to), "" when unset
    PointRules points;             // --points
};

struct HomeworkOutput {
    std::string out;               // standard output
    std::string err;               // warnings for standard error (each line "attn: warning: …")
    int code = 0;                  // 0 all right (or not grading), 1 wrong or missing answers
};

// When the sheet cannot be read, the reports are still written (saying why) before the error is
// rethrown, so that a CI job gets its JUnit/Gradescope files and summary in every case.
HomeworkOutput run_homework(const HomeworkOptions& options);

}  // namespace attn::homework
