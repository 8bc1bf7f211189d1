#include "homework/reports/gradescope.hpp"

#include <fmt/format.h>

#include "homework/io/cells.hpp"

namespace attn::homework {

std::string gradescope_json(const GradeReport& r, const GradescopeOptions& options) {
    std::string summary;
    if (!r.error.empty()) {
        summary = std::string(r.not_graded_text()) + ": " + r.error;
    } else {
        summary = fmt::format("attn homework: {}/{} ({} right, {} wrong, {} missing; student {}, {})", points_text(r.score),
                              points_text(r.max_score), r.right, r.wrong, r.missing, r.variant, r.variant_origin);
    }
    for (const std::string& w : r.warnings) summary += "\nwarning: " + w;   // as every report has them
    const std::string visibility =
        options.tests_visibility.empty() ? "" : fmt::format(", \"visibility\": \"{}\"", json_escape(options.tests_visibility));
    std::string out = "{\n";
    out += fmt::format("  \"score\": {},\n", points_text(r.score));
    if (!options.stdout_visibility.empty()) {
        out += fmt::format("  \"stdout_visibility\": \"{}\",\n", json_escape(options.stdout_visibility));
    }
    out += fmt::format("  \"output\": \"{}\",\n", json_escape(summary));
    out += "  \"tests\": [";
    for (std::size_t i = 0; i < r.items.size(); ++i) {
        const auto& row = r.items[i];
        std::string text = std::string(verdict_name(row.verdict)) + " (" + row.precision + ")\ngiven: " +
                           (row.given.empty() ? std::string("(nothing)") : row.given);
        if (!row.expected.empty()) text += "\nexpected: " + row.expected;
        if (!row.hint.empty()) text += "\nhint: " + row.hint;
        if (!row.note.empty()) text += "\n" + row.note;
        out += i ? ",\n" : "\n";
        out += fmt::format(
            "    {{\"name\": \"{}\", \"score\": {}, \"max_score\": {}, \"status\": \"{}\"{}, \"output\": \"{}\"}}",
            json_escape(row.key), points_text(row.points), points_text(row.max_points),
            row.verdict == Verdict::right ? "passed" : "failed", visibility, json_escape(text));
    }
    out += r.items.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

}  // namespace attn::homework
