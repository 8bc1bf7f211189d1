#include "homework/reports/text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "homework/reports/escape.hpp"
#include "text/utf8.hpp"

namespace attn::homework {

namespace {

// Columns line up by code points (the answers are ASCII in practice; names may not be).
std::size_t width(const std::string& s) { return text::code_points(s); }

std::string pad(const std::string& s, std::size_t w) {
    const std::size_t have = width(s);
    return have >= w ? s : s + std::string(w - have, ' ');
}

// Every text from the sheet on one line, with hidden characters escaped (escape.hpp).
std::string one_line(const std::string& s) {
    std::string out = safe_text(s);
    std::replace(out.begin(), out.end(), '\n', ' ');
    std::replace(out.begin(), out.end(), '\t', ' ');
    return out;
}

}  // namespace

std::string grade_table_text(const GradeReport& r) {
    std::string out = fmt::format("attn homework: grading {} (student: {}, {})\n\n", one_line(r.sheet), one_line(r.variant),
                                  r.variant_origin);
    std::size_t wk = 3, wg = 5, wp = 6;
    for (const auto& row : r.items) {
        wk = std::max(wk, width(row.key));
        wg = std::max(wg, std::min<std::size_t>(width(one_line(row.given)), 36));
        wp = std::max(wp, width(points_text(row.points) + "/" + points_text(row.max_points)));
    }
    const bool expected = !r.items.empty() && !r.items.front().expected.empty();
    out += fmt::format("{}  {}  {}  {}{}\n", pad("key", wk), pad("verdict", 7), pad("points", wp),
                       expected ? pad("given", wg) + "  expected" : std::string("given"), "");
    for (const auto& row : r.items) {
        const std::string points = points_text(row.points) + "/" + points_text(row.max_points);
        const std::string given = row.given.empty() ? "-" : one_line(row.given);
        if (expected) {
            out += fmt::format("{}  {}  {}  {}  {} ({})\n", pad(row.key, wk), pad(verdict_name(row.verdict), 7),
                               pad(points, wp), pad(given, wg), one_line(row.expected), row.precision);
        } else {
            out += fmt::format("{}  {}  {}  {} ({})\n", pad(row.key, wk), pad(verdict_name(row.verdict), 7),
                               pad(points, wp), given, row.precision);
        }
        const std::string indent(wk + 2, ' ');
        if (!row.hint.empty()) out += indent + "hint: " + one_line(row.hint) + "\n";
        if (!row.note.empty()) out += indent + one_line(row.note) + "\n";
    }
    out += fmt::format("\nscore: {}/{} ({} right, {} wrong, {} missing)\n", points_text(r.score),
                       points_text(r.max_score), r.right, r.wrong, r.missing);
    return out;
}

}  // namespace attn::homework
