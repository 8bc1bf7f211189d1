#include "homework/reports/text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "homework/io/cells.hpp"

namespace attn::homework {

std::string grade_table_text(const GradeReport& r) {
    std::string out = fmt::format("attn homework: grading {} (student: {}, {})\n\n", safe_line(r.sheet), safe_line(r.variant),
                                  r.variant_origin);
    std::size_t wk = 3, wg = 5, wp = 6;
    for (const auto& row : r.items) {
        wk = std::max(wk, cell_width(row.key));
        wg = std::max(wg, std::min<std::size_t>(cell_width(safe_line(row.given)), 36));
        wp = std::max(wp, cell_width(points_text(row.points) + "/" + points_text(row.max_points)));
    }
    const bool expected = !r.items.empty() && !r.items.front().expected.empty();
    out += fmt::format("{}  {}  {}  {}{}\n", padded("key", wk), padded("verdict", 7), padded("points", wp),
                       expected ? padded("given", wg) + "  expected" : std::string("given"), "");
    for (const auto& row : r.items) {
        const std::string points = points_text(row.points) + "/" + points_text(row.max_points);
        const std::string given = row.given.empty() ? "-" : safe_line(row.given);
        if (expected) {
            out += fmt::format("{}  {}  {}  {}  {} ({})\n", padded(row.key, wk), padded(verdict_name(row.verdict), 7),
                               padded(points, wp), padded(given, wg), safe_line(row.expected), row.precision);
        } else {
            out += fmt::format("{}  {}  {}  {} ({})\n", padded(row.key, wk), padded(verdict_name(row.verdict), 7),
                               padded(points, wp), given, row.precision);
        }
        const std::string indent(wk + 2, ' ');
        if (!row.hint.empty()) out += indent + "hint: " + safe_line(row.hint) + "\n";
        if (!row.note.empty()) out += indent + safe_line(row.note) + "\n";
    }
    out += fmt::format("\nscore: {}/{} ({} right, {} wrong, {} missing)\n", points_text(r.score),
                       points_text(r.max_score), r.right, r.wrong, r.missing);
    return out;
}

}  // namespace attn::homework
