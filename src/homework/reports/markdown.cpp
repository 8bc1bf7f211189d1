#include "homework/reports/markdown.hpp"

#include <fmt/format.h>

#include "homework/io/cells.hpp"

namespace attn::homework {

std::string summary_markdown(const GradeReport& r) {
    std::string out = fmt::format("### attn homework: {} (student: {}, {})\n\n", markdown_cell(r.sheet),
                                  markdown_cell(r.variant), markdown_cell(r.variant_origin));
    if (!r.error.empty()) {
        out += std::string(r.not_graded_text()) + ":\n\n";
        for (std::size_t start = 0; start < r.error.size();) {
            const std::size_t end = r.error.find('\n', start);
            out += "    " + safe_text(r.error.substr(start, end == std::string::npos ? std::string::npos : end - start)) + "\n";
            if (end == std::string::npos) break;
            start = end + 1;
        }
    } else {
        out += fmt::format("**Score: {}/{}** ({} right, {} wrong, {} missing)\n\n", points_text(r.score),
                           points_text(r.max_score), r.right, r.wrong, r.missing);
        const bool expected = !r.items.empty() && !r.items.front().expected.empty();
        out += expected ? "| key | verdict | points | given | expected | hint or note |\n|---|---|---|---|---|---|\n"
                        : "| key | verdict | points | given | hint or note |\n|---|---|---|---|---|\n";
        for (const auto& row : r.items) {
            const char* mark = row.verdict == Verdict::right ? "✅" : row.verdict == Verdict::wrong ? "❌" : "⬜";
            const std::string comment = row.hint.empty() ? row.note : row.hint;
            out += fmt::format("| `{}` | {} {} | {}/{} | {} ({}) |", row.key, mark, verdict_name(row.verdict),
                               points_text(row.points), points_text(row.max_points),
                               markdown_cell(row.given.empty() ? "-" : row.given), row.precision);
            if (expected) out += " " + markdown_cell(row.expected) + " |";
            out += " " + markdown_cell(comment) + " |\n";
        }
    }
    if (!r.warnings.empty()) out += "\n";   // graded or not, as every report has them
    for (const auto& w : r.warnings) out += "- warning: " + markdown_cell(w) + "\n";
    return out + "\n";
}

}  // namespace attn::homework
