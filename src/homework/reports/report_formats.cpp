#include "homework/reports/report_formats.hpp"

#include "homework/reports/gradescope.hpp"
#include "homework/reports/junit.hpp"

namespace attn::homework {

namespace {

std::string junit_report(const GradeReport& report, const GradescopeOptions&) { return junit_xml(report); }

}  // namespace

const std::vector<ReportFormat>& report_formats() {
    static const std::vector<ReportFormat> formats = {
        {"--junit", "with --grade: write a JUnit XML report to FILE", "report.xml", junit_report},
        {"--gradescope", "with --grade: write a Gradescope results.json to FILE", "results.json", gradescope_json},
    };
    return formats;
}

}  // namespace attn::homework
