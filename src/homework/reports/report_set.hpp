#pragma once
// One graded sheet's report files: a list of {flag, path, writer}, made from the formats'
// list (report_formats.hpp). `--grade` writes the set its flags name; `--grade-class` writes
// each student's set into DIR/students/<folder>/. Both go through write_report_set, so a
// student's files in a class run are the bytes `--grade` writes.
#include <map>
#include <string>
#include <vector>

#include "homework/grade/grade.hpp"

namespace attn::homework {

struct ReportFile {
    std::string flag;   // what messages name: the format's flag, or "--out" in a class run
    std::string path;
    std::string (*write)(const GradeReport& report, const GradescopeOptions& gradescope);
};
using ReportSet = std::vector<ReportFile>;

// A format's flag -> the file it names (empty: none).
using ReportFiles = std::map<std::string, std::string>;
// --grade's set: each format whose flag names a file, in the formats' order.
ReportSet sheet_reports(const ReportFiles& files);

// A class run's set for one student: every format, as `folder`/its student file.
ReportSet student_reports(const std::string& folder);

// The paths of a set, in its order.
std::vector<std::string> report_paths(const ReportSet& set);

// Writes every file of the set, each all-or-nothing (write_file_atomically), under one lock on
// the set's folders (ReportSetLock): two runs into the same paths leave one run's files, never
// one of each. `sync` false: no fsync per file (a class run syncs its folder once).
void write_report_set(const ReportSet& set, const GradeReport& report, const GradescopeOptions& gradescope,
                      bool sync = true);

}  // namespace attn::homework
