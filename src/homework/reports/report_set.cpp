#include "homework/reports/report_set.hpp"

#include "homework/io/files.hpp"
#include "homework/reports/report_formats.hpp"

namespace attn::homework {
ReportSet sheet_reports(const ReportFiles& files) {
    ReportSet set;
    for (const ReportFormat& format : report_formats()) {
        const auto file = files.find(format.flag);
        if (file != files.end() && !file->second.empty()) set.push_back({format.flag, file->second, format.write});
    }
    return set;
}

ReportSet student_reports(const std::string& folder) {
    ReportSet set;
    for (const ReportFormat& format : report_formats()) set.push_back({"--out", folder + "/" + format.student_file, format.write});
    return set;
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
