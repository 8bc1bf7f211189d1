#include "homework/reports/junit.hpp"

#include <fmt/format.h>

#include "homework/io/cells.hpp"

namespace attn::homework {

std::string junit_xml(const GradeReport& r) {
    const bool unreadable = !r.error.empty();
    const std::size_t tests = unreadable ? 1 : r.items.size();
    // Every wrong or missing row is a <failure> below, so `failures` counts both.
    const std::size_t failures = unreadable ? 0 : r.wrong + r.missing;
    const std::size_t errors = unreadable ? 1 : 0;
    const std::string suite = xml_escape("attn homework: " + r.sheet + " (student: " + r.variant + ")");
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += fmt::format("<testsuites name=\"attn homework\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n", tests,
                       failures, errors);
    out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\">\n", suite,
                       tests, failures, errors);
    out += "    <properties>\n";
    out += fmt::format("      <property name=\"variant\" value=\"{}\"/>\n", xml_escape(r.variant));
    out += fmt::format("      <property name=\"variant_origin\" value=\"{}\"/>\n", xml_escape(r.variant_origin));
    out += fmt::format("      <property name=\"score\" value=\"{}\"/>\n", points_text(r.score));
    out += fmt::format("      <property name=\"max_score\" value=\"{}\"/>\n", points_text(r.max_score));
    out += "    </properties>\n";
    if (unreadable) {
        out += "    <testcase classname=\"sheet\" name=\"sheet\">\n";
        out += fmt::format("      <error message=\"{}\" type=\"{}\">{}</error>\n",
                           xml_escape(r.error.substr(0, r.error.find('\n'))),
                           r.not_graded == GradeReport::NotGraded::refused ? "refused" : "unreadable", xml_escape(r.error));
        out += "    </testcase>\n";
    }
    for (const auto& row : r.items) {
        const std::string classname = xml_escape(row.key.substr(0, row.key.rfind('.')));
        out += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", classname, xml_escape(row.key));
        if (row.verdict == Verdict::right && row.note.empty()) {
            out += "/>\n";
            continue;
        }
        out += ">\n";
        if (row.verdict != Verdict::right) {
            const std::string message = std::string(verdict_name(row.verdict)) + ": " + row.hint;
            std::string body = "given: " + (row.given.empty() ? std::string("(nothing)") : row.given) + " (" +
                               row.precision + ")";
            if (!row.expected.empty()) body += "\nexpected: " + row.expected;
            body += "\nhint: " + row.hint;
            out += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", xml_escape(message),
                               verdict_name(row.verdict), xml_escape(body));
        }
        if (!row.note.empty()) out += fmt::format("      <system-out>{}</system-out>\n", xml_escape(row.note));
        out += "    </testcase>\n";
    }
    // The warnings (a secret file others can read, keys ignored, …), one line each, as every report has them.
    if (!r.warnings.empty()) {
        std::string lines;
        for (const std::string& w : r.warnings) lines += (lines.empty() ? "" : "\n") + std::string("warning: ") + w;
        out += fmt::format("    <system-err>{}</system-err>\n", xml_escape(lines));
    }
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

}  // namespace attn::homework
