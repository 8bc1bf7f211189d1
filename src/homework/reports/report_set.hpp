#pragma once
// One graded sheet's report files, as hyperfine's exporters: a list of {flag, path, writer}.
// `--grade` writes the set its flags name (--junit FILE, --gradescope FILE); `--grade-class`
// writes each student's set into DIR/students/<folder>/ (report.xml, results.json). Both go
// through write_report_set, so a student's files in a class run are the bytes `--grade` writes.
#include <string>
#include <vector>

#include "homework/grade/grade.hpp"
#include "homework/reports/gradescope.hpp"

namespace attn::homework {

struct ReportFile {
    std::string flag;   // what messages name: "--junit", "--gradescope", or "--out" in a class run
    std::string path;
    std::string (*write)(const GradeReport& report, const GradescopeOptions& gradescope);
};
using ReportSet = std::vector<ReportFile>;

// --grade's set: the JUnit XML report, then Gradescope's results.json, each only when named.
ReportSet sheet_reports(const std::string& junit, const std::string& gradescope);

// A class run's set for one student: `folder`/report.xml and `folder`/results.json.
ReportSet student_reports(const std::string& folder);

// The paths of a set, in its order.
std::vector<std::string> report_paths(const ReportSet& set);

// Writes every file of the set, each all-or-nothing (write_file_atomically), under one lock on
// the set's folders (ReportSetLock): two runs into the same paths leave one run's files, never
// one of each. `sync` false: no fsync per file (a class run syncs its folder once).
void write_report_set(const ReportSet& set, const GradeReport& report, const GradescopeOptions& gradescope,
                      bool sync = true);

}  // namespace attn::homework
