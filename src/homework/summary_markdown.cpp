#include "homework/summary_markdown.hpp"

#include <fmt/format.h>

#include "homework/escape.hpp"

namespace attn::homework {

std::string summary_markdown(const GradeReport& r) {
    std::string out = fmt::format("### attn homework: {} (variant: {})\n\n", markdown_cell(r.sheet), markdown_cell(r.variant));
    if (!r.error.empty()) {
        out += "The answer sheet could not be read:\n\n";
        for (std::size_t start = 0; start < r.error.size();) {
            const std::size_t end = r.error.find('\n', start);
            out += "    " + valid_utf8(r.error.substr(start, end == std::string::npos ? std::string::npos : end - start)) + "\n";
            if (end == std::string::npos) break;
            start = end + 1;
        }
        return out + "\n";
    }
    out += fmt::format("**Score: {}/{}** ({} right, {} wrong, {} missing)\n\n", points_text(r.score),
                       points_text(r.max_score), r.right, r.wrong, r.missing);
    out += "| key | verdict | points | given | expected | hint or note |\n";
    out += "|---|---|---|---|---|---|\n";
    for (const auto& row : r.items) {
        const char* mark = row.verdict == Verdict::right ? "✅" : row.verdict == Verdict::wrong ? "❌" : "⬜";
        const std::string comment = row.hint.empty() ? row.note : row.hint;
        out += fmt::format("| `{}` | {} {} | {}/{} | {} | {} ({}) | {} |\n", row.key, mark, verdict_name(row.verdict),
                           points_text(row.points), points_text(row.max_points),
                           markdown_cell(row.given.empty() ? "-" : row.given), markdown_cell(row.expected),
                           row.precision, markdown_cell(comment));
    }
    if (!r.warnings.empty()) {
        out += "\n";
        for (const auto& w : r.warnings) out += "- warning: " + markdown_cell(w) + "\n";
    }
    return out + "\n";
}

}  // namespace attn::homework
