#include "homework/reports/report_set.hpp"

#include "homework/io/files.hpp"
#include "homework/reports/junit.hpp"

namespace attn::homework {
namespace {

std::string junit_report(const GradeReport& report, const GradescopeOptions&) { return junit_xml(report); }

std::string gradescope_report(const GradeReport& report, const GradescopeOptions& gradescope) {
    return gradescope_json(report, gradescope);
}

}  // namespace

ReportSet sheet_reports(const std::string& junit, const std::string& gradescope) {
    ReportSet set;
    if (!junit.empty()) set.push_back({"--junit", junit, junit_report});
    if (!gradescope.empty()) set.push_back({"--gradescope", gradescope, gradescope_report});
    return set;
}

ReportSet student_reports(const std::string& folder) {
    return {{"--out", folder + "/report.xml", junit_report}, {"--out", folder + "/results.json", gradescope_report}};
}

std::vector<std::string> report_paths(const ReportSet& set) {
    std::vector<std::string> paths;
    for (const ReportFile& f : set) paths.push_back(f.path);
    return paths;
}

void write_report_set(const ReportSet& set, const GradeReport& report, const GradescopeOptions& gradescope,
                      bool sync) {
    const ReportSetLock lock(report_paths(set));   // the set's files are one run's, never one of each
    for (const ReportFile& f : set) write_file_atomically(f.path, f.write(report, gradescope), f.flag, sync);
}

}  // namespace attn::homework
