#include "homework/reports/escape.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace attn::homework {

namespace {
const char* const kReplacement = "\xEF\xBF\xBD";   // U+FFFD
}

std::string valid_utf8(const std::string& text) {
    std::string out;
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        std::size_t len = 0;
        unsigned int cp = 0;
        if (c < 0x80) { len = 1; cp = c; }
        else if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        bool ok = len > 0 && i + len <= n;
        for (std::size_t k = 1; ok && k < len; ++k) {
            ok = (s[i + k] & 0xC0) == 0x80;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid too.
        ok = ok && !(len == 2 && cp < 0x80) && !(len == 3 && cp < 0x800) && !(len == 4 && cp < 0x10000) &&
             !(cp >= 0xD800 && cp <= 0xDFFF) && cp <= 0x10FFFF;
        if (ok) {
            out.append(text, i, len);
            i += len;
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

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
        const auto c = static_cast<unsigned char>(valid[i]);
        const std::size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        unsigned int cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
        for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(valid[i + k]) & 0x3Fu);
        if (hidden(cp)) out += fmt::format("\\u{{{:04X}}}", cp);
        else out.append(valid, i, len);
        i += len;
    }
    return out;
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
    const std::string fence(longest + 1, '`');
    return fence + " " + body + " " + fence;
}

}  // namespace attn::homework
