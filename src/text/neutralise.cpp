#include "text/neutralise.hpp"

namespace attn::text {

std::string ci_log_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool line_start = true;   // only blanks since the line began
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '#' && text.compare(i, 3, "##[") == 0) {
            out += "\\u{0023}";   // `#` escaped: `\u{0023}#[` is no command, anywhere in the line
            line_start = false;
            continue;
        }
        if (c == ':' && line_start && text.compare(i, 2, "::") == 0) {
            out += "\\u{003A}";
            line_start = false;
            continue;
        }
        out += c;
        if (c == '\n' || c == '\r') line_start = true;
        else if (c != ' ' && c != '\t') line_start = false;
    }
    return out;
}

std::string spreadsheet_safe(std::string_view cell) {
    std::string out;
    out.reserve(cell.size() + 1);
    bool line_start = true;   // the cell's start, or just after a CR or LF in it
    for (const char c : cell) {
        if (line_start && (c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r')) out += '\'';
        out += c;
        line_start = c == '\n' || c == '\r';
    }
    return out;
}

}  // namespace attn::text
