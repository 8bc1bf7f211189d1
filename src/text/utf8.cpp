#include "text/utf8.hpp"

namespace attn::text {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";   // U+FFFD

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

bool is_wide(char32_t cp) {
    return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf && cp != 0x303f) ||
           (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
           (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd);
}

}  // namespace

CodePoint decode(std::string_view s, std::size_t i) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) return {lead, 1};
    std::size_t length;
    char32_t cp;
    if ((lead & 0xE0) == 0xC0) { length = 2; cp = lead & 0x1Fu; }
    else if ((lead & 0xF0) == 0xE0) { length = 3; cp = lead & 0x0Fu; }
    else if ((lead & 0xF8) == 0xF0) { length = 4; cp = lead & 0x07u; }
    else return {};   // a continuation byte, or 0xF8..0xFF
    if (i + length > s.size()) return {};
    for (std::size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if (!is_continuation(b)) return {};
        cp = (cp << 6) | (b & 0x3Fu);
    }
    const bool overlong = (length == 2 && cp < 0x80) || (length == 3 && cp < 0x800) || (length == 4 && cp < 0x10000);
    if (overlong || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return {};
    return {cp, length};
}

std::string encode(char32_t cp) {
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::string(kReplacement);
    // The lead byte marks the length (0xxxxxxx, 110xxxxx, 1110xxxx, 11110xxx); each continuation
    // byte (10xxxxxx) carries 6 bits, most significant first.
    const std::size_t length = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    static constexpr unsigned char kLead[] = {0x00, 0x00, 0xC0, 0xE0, 0xF0};
    std::string out(length, '\0');
    for (std::size_t k = length - 1; k > 0; --k) {
        out[k] = static_cast<char>(0x80 | (cp & 0x3F));
        cp >>= 6;
    }
    out[0] = static_cast<char>(kLead[length] | cp);
    return out;
}

bool is_valid(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t length = decode(s, i).length;
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::string valid(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t length = decode(s, i).length;
        if (length == 0) {
            out += kReplacement;
            ++i;
        } else {
            out.append(s.substr(i, length));
            i += length;
        }
    }
    return out;
}

std::string_view prefix(std::string_view s, std::size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    std::size_t cut = max_bytes;   // s[cut] is the first byte left out: back up to a character's start
    while (cut > 0 && is_continuation(static_cast<unsigned char>(s[cut]))) --cut;
    return s.substr(0, cut);
}

std::size_t code_points(std::string_view s) {
    std::size_t n = 0;
    for (const char c : s) n += !is_continuation(static_cast<unsigned char>(c));
    return n;
}

std::size_t display_width(std::string_view s) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < s.size();) {
        const CodePoint p = decode(s, i);
        width += p.length != 0 && is_wide(p.value) ? 2 : 1;
        i += p.length != 0 ? p.length : 1;
    }
    return width;
}

}  // namespace attn::text
