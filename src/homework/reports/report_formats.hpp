#pragma once
// The report formats a graded sheet is written in, as hyperfine's exporters: one list of
// {flag, help, student file, writer}. `--grade` writes the files its flags name; `--grade-class`
// writes every format into each student's folder. A new format is its writer (reports/NAME.*)
// and one line in report_formats() (report_formats.cpp): its flag, help, checks and class files
// all follow from the list.
#include <string>
#include <vector>

#include "homework/grade/grade.hpp"

namespace attn::homework {

struct ReportFormat {
    std::string flag;           // with --grade, the flag naming the file: "--gradescope"
    std::string help;           // the flag's help line
    std::string student_file;   // its name in a class run's DIR/students/<folder>/
    std::string (*write)(const GradeReport& report, const GradescopeOptions& gradescope);
};

// Every format, in the order their files are checked and written (and their flags shown in --help).
const std::vector<ReportFormat>& report_formats();

}  // namespace attn::homework
