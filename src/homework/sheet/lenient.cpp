// One typo costs one answer (lenient.hpp): full-width forms read as ASCII, refused lines set
// aside by statement, and the advice for the typos a student makes.
#include "homework/sheet/lenient.hpp"

#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "text/utf8.hpp"

namespace attn::homework {

namespace {

// Where a character of a sheet stands: TOML's strings and comments, the rest ("code").
enum class Where { code, basic, literal, multi_basic, multi_literal, comment };

// The small lexer both passes share: feeds one ASCII-or-not byte at text[i] and says how many
// bytes it consumed and where the next one stands.
struct Lexer {
    Where where = Where::code;
    int depth = 0;   // [ and { open in code

    std::size_t step(std::string_view t, std::size_t i) {
        const char c = t[i];
        auto at = [&](std::string_view s) { return t.compare(i, s.size(), s) == 0; };
        switch (where) {
            case Where::code:
                if (at("\"\"\"")) { where = Where::multi_basic; return 3; }
                if (at("'''")) { where = Where::multi_literal; return 3; }
                if (c == '"') where = Where::basic;
                else if (c == '\'') where = Where::literal;
                else if (c == '#') where = Where::comment;
                else if (c == '[' || c == '{') ++depth;
                else if (c == ']' || c == '}') depth = std::max(0, depth - 1);
                return 1;
            case Where::basic:
                if (c == '\\' && i + 1 < t.size() && t[i + 1] != '\n') return 2;
                if (c == '"' || c == '\n') where = Where::code;   // a newline ends a broken string
                return 1;
            case Where::literal:
                if (c == '\'' || c == '\n') where = Where::code;
                return 1;
            case Where::multi_basic:
                if (c == '\\' && i + 1 < t.size()) return 2;
                if (at("\"\"\"")) { where = Where::code; return 3; }
                return 1;
            case Where::multi_literal:
                if (at("'''")) { where = Where::code; return 3; }
                return 1;
            case Where::comment:
                if (c == '\n') where = Where::code;
                return 1;
        }
        return 1;
    }
};

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find('\n', start);
        out.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return out;
        start = end + 1;
    }
}

// Per line: whether a statement (a key or a table header) starts there, i.e. the line starts in
// code with no bracket open.
std::vector<bool> statement_starts(std::string_view text) {
    std::vector<bool> starts = {true};
    Lexer lex;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = std::min(lex.step(text, i), text.size() - i);
        for (std::size_t k = i; k < i + n; ++k) {
            if (text[k] == '\n') starts.push_back(lex.where == Where::code && lex.depth == 0);
        }
        i += n;
    }
    starts.push_back(lex.where == Where::code && lex.depth == 0);   // after the end: every statement closed
    return starts;
}

std::string trimmed(std::string_view s) {
    const std::size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string_view::npos ? std::string() : std::string(s.substr(a, b - a + 1));
}

// "hw1 . \"a\"" -> "hw1.a": a dotted key as TOML reads it (quotes off, blanks around dots off).
std::string dotted(std::string_view key) {
    std::string out, segment;
    auto flush = [&] {
        std::string s = trimmed(segment);
        if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
        out += (out.empty() ? "" : ".") + s;
        segment.clear();
    };
    char quote = 0;
    for (char c : key) {
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '.') {
            flush();
            continue;
        }
        segment += c;
    }
    flush();
    return out;
}

}  // namespace

std::string ascii_forms(std::string_view text, std::vector<std::string>& notes) {
    std::string out;
    out.reserve(text.size());
    Lexer lex;
    std::size_t line = 1;
    std::string changed;   // this line's changes, for its note
    auto note_line = [&] {
        if (!changed.empty() && notes.size() < 20) {
            notes.push_back(fmt::format("line {}: full-width or non-ASCII blank characters read as ASCII: {}", line, changed));
        }
        changed.clear();
    };
    for (std::size_t i = 0; i < text.size();) {
        if (lex.where == Where::code && static_cast<unsigned char>(text[i]) >= 0x80) {
            const text::CodePoint cp = text::decode(text, i);
            char ascii = 0;
            if (cp.length > 0 && cp.value >= 0xFF01 && cp.value <= 0xFF5E) ascii = static_cast<char>(cp.value - 0xFEE0);
            if (cp.length > 0 && (cp.value == 0x3000 || cp.value == 0x00A0)) ascii = ' ';
            if (ascii) {
                const std::string original(text.substr(i, cp.length));
                const std::string shown = cp.value == 0x3000 ? "U+3000" : cp.value == 0x00A0 ? "U+00A0" : "'" + original + "'";
                const std::string one = fmt::format("{} as '{}'", shown, ascii);
                if (changed.find(one) == std::string::npos) changed += (changed.empty() ? "" : ", ") + one;
                const std::string mapped(1, ascii);
                out += ascii;
                lex.step(mapped, 0);   // the ASCII character as the lexer sees it (a full-width quote opens a string)
                i += cp.length;
                continue;
            }
        }
        const std::size_t n = std::min(lex.step(text, i), text.size() - i);
        for (std::size_t k = 0; k < n; ++k) {
            if (text[i + k] == '\n') {
                note_line();
                ++line;
            }
        }
        out.append(text.substr(i, n));
        i += n;
    }
    note_line();
    return out;
}

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// "9.66" (digits, '_' and at most one point; no sign) as the text of its hundredth: "0.0966".
std::string hundredth(std::string_view number) {
    std::string whole, fraction;
    bool point = false;
    for (char c : number) {
        if (c == '.') point = true;
        else if (c != '_') (point ? fraction : whole) += c;
    }
    while (whole.size() < 3) whole.insert(0, "0");
    std::string head = whole.substr(0, whole.size() - 2);
    head.erase(0, std::min(head.find_first_not_of('0'), head.size() - 1));   // "007" -> "7", "000" -> "0"
    return head + "." + whole.substr(whole.size() - 2) + fraction;
}

}  // namespace

std::string percent_forms(std::string_view text, std::vector<PercentMark>& marks) {
    if (text.find('%') == std::string_view::npos) return std::string(text);
    std::string out;
    out.reserve(text.size());
    Lexer lex;
    std::size_t line = 1, column = 1;   // of the next character of `out`
    auto append = [&](std::string_view piece) {
        for (char c : piece) {
            if (c == '\n') {
                ++line;
                column = 1;
            } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
                ++column;
            }
        }
        out.append(piece);
    };
    for (std::size_t i = 0; i < text.size();) {
        const char before = i > 0 ? text[i - 1] : '\n';
        const bool word = digit(before) || (before >= 'A' && before <= 'Z') || (before >= 'a' && before <= 'z') ||
                          before == '_' || before == '.' || before == '-' || before == '+';
        std::size_t start = i;
        if (lex.where == Where::code && !word && (text[i] == '+' || text[i] == '-') &&
            i + 1 < text.size() && digit(text[i + 1])) {
            ++start;
        }
        if (lex.where == Where::code && !word && start < text.size() && digit(text[start])) {
            std::size_t e = start;
            bool point = false;
            while (e < text.size() && (digit(text[e]) || text[e] == '_' || (text[e] == '.' && !point))) {
                point = point || text[e] == '.';
                ++e;
            }
            std::size_t sign_at = e;
            while (sign_at < text.size() && (text[sign_at] == ' ' || text[sign_at] == '\t')) ++sign_at;
            // TOML's decimal before the sign (no leading zero, '_' between digits) and a value's end
            // after it: `80.1716%5` or `0080%` are no percentages (toml++ refuses the line as written).
            const std::string_view body = text.substr(start, e - start);
            bool toml_decimal = digit(body.back()) && !(body.size() > 1 && body[0] == '0' && digit(body[1]));
            for (std::size_t k = 0; k < body.size(); ++k) {
                if (body[k] == '_' && (k == 0 || !digit(body[k - 1]) || k + 1 >= body.size() || !digit(body[k + 1]))) {
                    toml_decimal = false;
                }
            }
            const std::size_t after = sign_at + 1;
            const bool ends = after >= text.size() || std::string_view(" \t\r\n,]}#").find(text[after]) != std::string_view::npos;
            if (sign_at < text.size() && text[sign_at] == '%' && toml_decimal && ends) {
                const std::string_view number = text.substr(start, e - start);
                append(text.substr(i, start - i));   // the sign, if any
                marks.push_back({line, column - (start - i), std::string(text.substr(i, sign_at + 1 - i))});
                append(hundredth(number));
                i = sign_at + 1;
                continue;
            }
        }
        const std::size_t n = std::min(lex.step(text, i), text.size() - i);
        append(text.substr(i, n));
        i += n;
    }
    return out;
}

LineSpan statement_at(std::string_view text, std::size_t line) {
    const std::vector<bool> starts = statement_starts(text);
    const std::size_t count = lines_of(text).size();
    if (line == 0 || line > count) return {line, line};
    std::size_t first = line;
    while (first > 1 && !(first - 1 < starts.size() && starts[first - 1])) --first;
    std::size_t last = line;
    while (last < count && !(last < starts.size() && starts[last])) ++last;
    // Brackets that never close would take the rest of the sheet: then the line alone.
    if (last - first > 50 || (last == count && !starts[count])) return {line, line};
    return {first, last};
}

std::string key_at(std::string_view text, std::size_t line) {
    const std::vector<std::string_view> lines = lines_of(text);
    const std::vector<bool> starts = statement_starts(text);
    if (line == 0 || line > lines.size()) return "";
    static const std::regex header(R"(^\s*\[\s*([^\[\]#]+?)\s*\]\s*(#.*)?$)");
    static const std::regex key(R"(^\s*([A-Za-z0-9_\-."' ]+?)\s*=)");
    std::string table;
    for (std::size_t i = 1; i < line; ++i) {
        std::smatch m;
        const std::string l(lines[i - 1]);
        if (i - 1 < starts.size() && starts[i - 1] && std::regex_search(l, m, header)) table = dotted(m[1].str());
    }
    std::smatch m;
    const std::string l(lines[line - 1]);
    if (!std::regex_search(l, m, key)) return "";
    const std::string k = dotted(m[1].str());
    return table.empty() ? k : table + "." + k;
}

std::string without_lines(std::string_view text, LineSpan span) {
    std::string out;
    std::size_t line = 1;
    for (char c : text) {
        if (c == '\n') {
            out += c;
            ++line;
        } else if (line < span.first || line > span.last) {
            out += c;
        }
    }
    return out;
}

std::string spelling_advice(std::string_view line_text) {
    const std::string l(line_text);
    const std::size_t eq = l.find('=');
    const std::string value = eq == std::string::npos ? l : l.substr(eq + 1);
    static const std::regex comma(R"((^|[\[\s,])[+-]?[0-9]+,[0-9]{3}([^0-9]|$))");
    static const std::regex decimal_comma(R"((^|[\[\s])[+-]?[0-9]+,[0-9]+)");
    static const std::regex spaced(R"([0-9] +[0-9])");
    static const std::regex bare_point(R"((^|[\[\s,=+-])\.[0-9])");
    static const std::regex word(R"((^|[^A-Za-z])(True|False|TRUE|FALSE|[Yy]es|[Nn]o|YES|NO|T|F)([^A-Za-z]|$))");
    if (std::regex_search(value, word)) return "write true or false, in lower case";
    if (std::regex_search(value, bare_point)) return "a number starts with a digit: write 0.0966, not .0966";
    if (std::regex_search(value, spaced)) return "no blanks inside a number: write 101760, not 101 760";
    if (std::regex_search(value, comma)) {
        return "a comma inside a number (a decimal comma or a thousands separator): write a decimal point and no "
               "separators, 0.0966 or 101760";
    }
    if (std::regex_search(value, decimal_comma)) return "a decimal comma: write a decimal point, 0.0966, not 0,0966";
    return "";
}

}  // namespace attn::homework
