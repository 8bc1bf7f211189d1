#include "homework/grade/spellings.hpp"

#include <cctype>

#include "text/utf8.hpp"

namespace attn::homework {

namespace {

bool starts(const std::string& s, std::size_t i, const char* what) { return s.compare(i, std::char_traits<char>::length(what), what) == 0; }

std::string trim(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

FairSpelling read_fair_spelling(const std::string& given, const std::string& solve_for) {
    // 1. Full-width forms, U+3000, middle dots and ≥ (≧ ⩾) as ASCII; everything else as written.
    std::string ascii;
    for (std::size_t i = 0; i < given.size();) {
        const text::CodePoint cp = text::decode(given, i);
        if (cp.length == 0) {   // not UTF-8: left for the reader to refuse where it stands
            ascii += given[i++];
            continue;
        }
        const char32_t c = cp.value;
        if (c >= 0xFF01 && c <= 0xFF5E) ascii += static_cast<char>(c - 0xFEE0);
        else if (c == 0x3000 || c == 0x00A0) ascii += ' ';
        else if (c == 0x30FB || c == 0x2219 || c == 0xFF65) ascii += '*';
        else if (c == 0x2265 || c == 0x2267 || c == 0x2A7E) ascii += ">=";   // ≥ ≧ ⩾
        else if ((c >= 0x2012 && c <= 0x2015) || c == 0xFE63) ascii += '-';   // dashes typed for − (issue 43)
        else ascii.append(given, i, cp.length);
        i += cp.length;
    }
    // 2. TeX: $…$ around the answer, \cdot and \times, \geq \ge \gt, \left( \right), ^{…} and other braces.
    std::string t = trim(ascii);
    while (t.size() >= 2 && t.front() == '$' && t.back() == '$') t = trim(t.substr(1, t.size() - 2));
    std::string out;
    for (std::size_t i = 0; i < t.size();) {
        if (starts(t, i, "\\geq")) { out += ">="; i += 4; continue; }
        if (starts(t, i, "\\ge")) { out += ">="; i += 3; continue; }
        if (starts(t, i, "\\gt")) { out += '>'; i += 3; continue; }
        if (starts(t, i, "\\cdot")) { out += '*'; i += 5; continue; }
        if (starts(t, i, "\\times")) { out += '*'; i += 6; continue; }
        if (starts(t, i, "\\left")) { i += 5; continue; }
        if (starts(t, i, "\\right")) { i += 6; continue; }
        if (t[i] == '{') { out += '('; ++i; continue; }
        if (t[i] == '}') { out += ')'; ++i; continue; }
        out += t[i++];
    }
    // 3. `N > 2D`, `N = 2D`, `N >= 2D` for an item that asks for N: the answer is what follows.
    if (!solve_for.empty()) {
        std::string rest = trim(out);
        if (rest.size() > solve_for.size() &&
            std::toupper(static_cast<unsigned char>(rest[0])) == std::toupper(static_cast<unsigned char>(solve_for[0])) &&
            solve_for.size() == 1) {
            std::string after = trim(rest.substr(1));
            for (const char* op : {">=", ">", "="}) {
                if (starts(after, 0, op)) {
                    after = trim(after.substr(std::char_traits<char>::length(op)));
                    if (!after.empty()) return {after, op == std::string(">=")};
                }
            }
        }
    }
    return {out, false};
}

std::string fair_spelling(const std::string& given, const std::string& solve_for) {
    return read_fair_spelling(given, solve_for).text;
}

}  // namespace attn::homework
