#include "homework/gradescope.hpp"

#include <fmt/format.h>

#include "homework/escape.hpp"

namespace attn::homework {

std::string gradescope_json(const GradeReport& r) {
    std::string summary;
    if (!r.error.empty()) {
        summary = "The answer sheet could not be read: " + r.error;
    } else {
        summary = fmt::format("attn homework: {}/{} ({} right, {} wrong, {} missing; variant {})", points_text(r.score),
                              points_text(r.max_score), r.right, r.wrong, r.missing, r.variant);
    }
    std::string out = "{\n";
    out += fmt::format("  \"score\": {},\n", points_text(r.score));
    out += fmt::format("  \"output\": \"{}\",\n", json_escape(summary));
    out += "  \"tests\": [";
    for (std::size_t i = 0; i < r.items.size(); ++i) {
        const auto& row = r.items[i];
        std::string text = "given: " + (row.given.empty() ? std::string("(nothing)") : row.given) +
                           "\nexpected: " + row.expected + " (" + row.precision + ")";
        if (!row.hint.empty()) text += "\nhint: " + row.hint;
        if (!row.note.empty()) text += "\n" + row.note;
        out += i ? ",\n" : "\n";
        out += fmt::format(
            "    {{\"name\": \"{}\", \"score\": {}, \"max_score\": {}, \"status\": \"{}\", \"output\": \"{}\"}}",
            json_escape(row.key), points_text(row.points), points_text(row.max_points),
            row.verdict == Verdict::right ? "passed" : "failed", json_escape(text));
    }
    out += r.items.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

}  // namespace attn::homework
