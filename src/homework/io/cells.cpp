#include "homework/io/cells.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "text/neutralise.hpp"
#include "text/utf8.hpp"

namespace attn::homework {

namespace {
const char* const kReplacement = "\xEF\xBF\xBD";   // U+FFFD
}

std::string valid_utf8(const std::string& text) { return text::valid(text); }

namespace {

bool hidden(unsigned int cp) {
    return (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7f && cp <= 0x9f) || cp == 0xad || cp == 0x61c ||
           cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff || cp == 0xfffe ||
           cp == 0xffff;
}

}  // namespace

std::string safe_text(const std::string& text) {
    const std::string valid = valid_utf8(text);
    std::string out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const text::CodePoint c = text::decode(valid, i);   // valid: every sequence is well-formed
        if (hidden(c.value)) out += fmt::format("\\u{{{:04X}}}", static_cast<unsigned int>(c.value));
        else out.append(valid, i, c.length);
        i += c.length;
    }
    return text::ci_log_safe(out);   // no GitHub workflow command (`##[`, a leading `::`) from a sheet
}

std::string xml_escape(const std::string& text) {
    std::string out;
    for (char ch : safe_text(text)) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                if ((c < 0x20 && ch != '\t' && ch != '\n') || c == 0x7f) out += kReplacement;
                else out += ch;
        }
    }
    return out;
}

std::string json_escape(const std::string& text) {
    std::string out;
    for (char ch : safe_text(text)) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04x}", c);
                else out += ch;
        }
    }
    return out;
}

std::string markdown_cell(const std::string& text) {
    std::string body;
    std::size_t run = 0, longest = 0;
    for (char ch : safe_text(text)) {
        run = ch == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        if (ch == '\n' || ch == '\t') body += ' ';
        else if (ch == '|') body += "\\|";
        else body += ch;
    }
    // Nothing to show is an empty cell, not an empty grey code box.
    if (body.find_first_not_of(' ') == std::string::npos) return "";
    const std::string fence(longest + 1, '`');
    return fence + " " + body + " " + fence;
}

std::string on_one_line(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        std::size_t skip = 0;   // the bytes of a line break beyond the first
        if (c == '\r' && text.compare(i, 2, "\r\n") == 0) skip = 1;
        else if (text.compare(i, 2, "\xC2\x85") == 0) skip = 1;                                     // U+0085
        else if (text.compare(i, 3, "\xE2\x80\xA8") == 0 || text.compare(i, 3, "\xE2\x80\xA9") == 0) skip = 2;   // U+2028/9
        else if (c != '\n' && c != '\r' && c != '\v' && c != '\f') {
            out += c;
            continue;
        }
        out += ' ';
        i += skip;
    }
    return out;
}

std::string safe_line(const std::string& text) {
    std::string out = safe_text(text);
    std::replace(out.begin(), out.end(), '\n', ' ');
    std::replace(out.begin(), out.end(), '\t', ' ');
    return out;
}

std::size_t cell_width(const std::string& text) { return text::code_points(text); }

std::string padded(const std::string& text, std::size_t width) {
    const std::size_t have = cell_width(text);
    return have >= width ? text : text + std::string(width - have, ' ');
}

std::string points_text(double points) {
    if (points == std::floor(points) && std::fabs(points) < 1e15) return fmt::format("{:.0f}", points);
    return fmt::format("{}", points);
}

std::string shown_key(const std::string& key) {
    constexpr std::size_t kShownBytes = 80;
    std::string out;
    const std::string text = valid_utf8(key);
    for (std::size_t i = 0; i < text.size() && out.size() < kShownBytes;) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        const text::CodePoint cp = text::decode(text, i);   // valid: every sequence is well-formed
        out += fmt::format("\\u{{{:X}}}", static_cast<unsigned int>(cp.value));
        i += cp.length;
    }
    return out.size() >= kShownBytes ? out + "..." : out;
}

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::right: return "right";
        case Verdict::wrong: return "wrong";
        case Verdict::missing: break;
    }
    return "missing";
}

}  // namespace attn::homework
