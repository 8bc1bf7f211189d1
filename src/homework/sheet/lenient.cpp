// One typo costs one answer (lenient.hpp): full-width forms read as ASCII, refused lines set
// aside by statement, and the advice for the typos a student makes.
#include "homework/sheet/lenient.hpp"

#include <algorithm>
#include <optional>
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
            notes.push_back(fmt::format("line {}: full-width, dash or non-ASCII blank characters read as ASCII: {}", line, changed));
        }
        changed.clear();
    };
    for (std::size_t i = 0; i < text.size();) {
        if (lex.where == Where::code && static_cast<unsigned char>(text[i]) >= 0x80) {
            const text::CodePoint cp = text::decode(text, i);
            char ascii = 0;
            if (cp.length > 0 && cp.value >= 0xFF01 && cp.value <= 0xFF5E) ascii = static_cast<char>(cp.value - 0xFEE0);
            if (cp.length > 0 && (cp.value == 0x3000 || cp.value == 0x00A0)) ascii = ' ';
            // Minus signs as a PDF, Word or an input method types them (issue 43, point 4): U+2212,
            // the dashes U+2012..U+2015 and the small and full-width hyphen-minus.
            if (cp.length > 0 && (cp.value == 0x2212 || (cp.value >= 0x2012 && cp.value <= 0x2015) || cp.value == 0xFE63)) {
                ascii = '-';
            }
            // Between the numbers of a list: the ideographic comma 、 and the full-width semicolon ；
            // (which a Chinese input method types for , and ;) are the list's commas. Only inside
            // brackets: elsewhere no list is being written, and the line is refused with advice.
            if (lex.depth > 0 && (cp.value == 0x3001 || cp.value == 0xFF1B)) ascii = ',';
            if (ascii) {
                const std::string original(text.substr(i, cp.length));
                const std::string shown = cp.value == 0x3000 ? "U+3000"
                                          : cp.value == 0x00A0 ? "U+00A0"
                                          : cp.value == 0x2212 ? "U+2212 '" + original + "'"
                                                               : "'" + original + "'";
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
    // 。 is the full stop of Chinese, never a decimal point in Taiwan: said, not read as one (issue 43).
    if (value.find("\xE3\x80\x82") != std::string::npos) {
        static const std::regex ideographic_point("[0-9]\xE3\x80\x82[0-9]");
        return std::regex_search(value, ideographic_point)
                   ? "\xE3\x80\x82 is a full stop, not a decimal point: write 0.0966 with '.', not 0\xE3\x80\x82" "0966"
                   : "\xE3\x80\x82 (a full stop) has no place in a value: end the line after the number";
    }
    if (value.find("\xE3\x80\x81") != std::string::npos) {
        return "a list is written in brackets, its numbers separated by commas or \xE3\x80\x81: [0.25, 0.5, 0.25]";
    }
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

// ---- table headers (issue 43, point 3) ------------------------------------------------------------

namespace attn::homework {

namespace {

// The bytes of a bracket at l[at] that a header may be written with: '[' / ']', or what a Chinese
// input method types for them (【】 「」 『』 〔〕; full-width ［］ are ASCII already). 0: none.
std::size_t header_bracket(std::string_view l, std::size_t at, bool open) {
    if (at >= l.size()) return 0;
    if (l[at] == (open ? '[' : ']')) return 1;
    static constexpr const char* opening[] = {"\xE3\x80\x90", "\xE3\x80\x8C", "\xE3\x80\x8E", "\xE3\x80\x94"};
    static constexpr const char* closing[] = {"\xE3\x80\x91", "\xE3\x80\x8D", "\xE3\x80\x8F", "\xE3\x80\x95"};
    for (const char* b : open ? opening : closing) {
        if (l.compare(at, 3, b) == 0) return 3;
    }
    return 0;
}

bool header_key_character(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.' || c == ' ' || c == '\t';
}

}  // namespace

std::optional<std::string> repaired_header(std::string_view l, std::string* written) {
    const std::size_t start = l.find_first_not_of(" \t");
    if (start == std::string_view::npos) return std::nullopt;
    std::size_t at = start, opens = 0, closes = 0;
    bool foreign = false;
    while (const std::size_t n = header_bracket(l, at, true)) {
        foreign = foreign || n > 1;
        at += n;
        ++opens;
    }
    if (opens == 0) return std::nullopt;
    const std::size_t inner_start = at;
    while (at < l.size() && header_key_character(l[at])) ++at;
    const std::string_view inner = l.substr(inner_start, at - inner_start);
    while (const std::size_t n = header_bracket(l, at, false)) {
        foreign = foreign || n > 1;
        at += n;
        ++closes;
    }
    const std::size_t end = at;
    // After the header: blanks and a comment, nothing else (`[hw1.c] x`, a quoted key: TOML's business).
    while (at < l.size() && (l[at] == ' ' || l[at] == '\t' || l[at] == '\r')) ++at;
    if (at < l.size() && l[at] != '#') return std::nullopt;
    if (!foreign && opens == closes && opens <= 2) return std::nullopt;   // well formed as written
    // Every segment a bare key, the blanks around the dots dropped; a blank inside a segment
    // (`[hw1 c]`) is not guessed at.
    std::string canonical, segment;
    bool ok = true;
    auto flush = [&] {
        const std::string s = trimmed(segment);
        ok = ok && !s.empty() && s.find_first_of(" \t") == std::string::npos;
        canonical += (canonical.empty() ? "" : ".") + s;
        segment.clear();
    };
    for (const char c : inner) {
        if (c == '.') flush();
        else segment += c;
    }
    flush();
    if (!ok) return std::nullopt;
    if (written) *written = trimmed(l.substr(start, end - start));
    return std::string(l.substr(0, start)) + "[" + canonical + "]" + std::string(l.substr(end));
}

std::string header_forms(std::string_view text, std::vector<std::string>& notes) {
    const std::vector<std::string_view> lines = lines_of(text);
    std::string out;
    out.reserve(text.size());
    Lexer lex;
    for (std::size_t n = 0; n < lines.size(); ++n) {
        std::string line(lines[n]);
        bool header = false;
        if (lex.where == Where::code && lex.depth == 0) {
            std::string written;
            if (const std::optional<std::string> fixed = repaired_header(line, &written)) {
                if (notes.size() < 20) {
                    const std::string header = trimmed(fixed->substr(0, fixed->find(']') + 1));
                    notes.push_back(fmt::format("line {}: table header {} read as {}", n + 1, written, header));
                }
                line = *fixed;
            }
            const std::size_t first = line.find_first_not_of(" \t");
            header = first != std::string::npos && header_bracket(line, first, true) > 0;
        }
        if (n + 1 < lines.size()) line += '\n';
        for (std::size_t i = 0; i < line.size();) i += std::min(lex.step(line, i), line.size() - i);
        // A header never leaves a bracket open for the lines after it, even one set aside later.
        if (header && lex.where == Where::code) lex.depth = 0;
        out += line;
    }
    return out;
}

bool starts_header(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first != std::string_view::npos && header_bracket(line, first, true) > 0;
}

LineSpan table_at(std::string_view text, std::size_t line) {
    const std::string rest = without_lines(text, {line, line});
    const std::vector<bool> starts = statement_starts(rest);
    const std::vector<std::string_view> lines = lines_of(rest);
    std::size_t last = line;
    while (last < lines.size()) {
        const std::string_view next = lines[last];   // line last + 1
        const std::size_t first = next.find_first_not_of(" \t");
        if (last < starts.size() && starts[last] && first != std::string_view::npos && header_bracket(next, first, true)) break;
        ++last;
    }
    while (last > line && trimmed(lines[last - 1]).empty()) --last;   // blank lines before the next table
    return {line, last};
}

}  // namespace attn::homework

// ---- scientific notation as written by hand (issue 43, point 4) ------------------------------------

namespace attn::homework {

namespace {

// A superscript digit's value, or -1.
int superscript_digit(char32_t c) {
    switch (c) {
        case 0x2070: return 0;
        case 0x00B9: return 1;
        case 0x00B2: return 2;
        case 0x00B3: return 3;
        default: break;
    }
    return c >= 0x2074 && c <= 0x2079 ? static_cast<int>(c - 0x2070) : -1;
}

// Reads `a×10^b` at text[i] (i at the mantissa's first character): the length in bytes and its
// TOML spelling `ae b`, or 0.
struct Scientific {
    std::size_t length = 0;
    std::string toml;
};
Scientific scientific_at(std::string_view t, std::size_t i) {
    Scientific none;
    std::size_t k = i;
    std::string mantissa;
    if (k < t.size() && (t[k] == '+' || t[k] == '-')) mantissa += t[k++];
    const std::size_t digits_from = k;
    bool point = false;
    while (k < t.size() && (digit(t[k]) || t[k] == '_' || (t[k] == '.' && !point))) {
        point = point || t[k] == '.';
        mantissa += t[k++];
    }
    if (k == digits_from || !digit(mantissa.back())) return none;
    auto blanks = [&] {
        while (k < t.size() && (t[k] == ' ' || t[k] == '\t')) ++k;
    };
    blanks();
    // The multiplication sign: x X * × · ⋅ ∙ ・
    if (k < t.size() && (t[k] == 'x' || t[k] == 'X' || t[k] == '*')) {
        ++k;
    } else {
        const text::CodePoint cp = k < t.size() ? text::decode(t, k) : text::CodePoint{};
        if (cp.length == 0 || !(cp.value == 0xD7 || cp.value == 0xB7 || cp.value == 0x22C5 || cp.value == 0x2219 ||
                                cp.value == 0x30FB)) {
            return none;
        }
        k += cp.length;
    }
    blanks();
    if (t.compare(k, 2, "10") != 0) return none;
    k += 2;
    std::string exponent;
    if (k < t.size() && (t[k] == '^' || t.compare(k, 2, "**") == 0)) {
        k += t[k] == '^' ? 1 : 2;
        const char close = k < t.size() && t[k] == '(' ? ')' : k < t.size() && t[k] == '{' ? '}' : 0;
        if (close) ++k;
        if (k < t.size() && (t[k] == '+' || t[k] == '-')) exponent += t[k++];
        const std::size_t from = k;
        while (k < t.size() && digit(t[k])) exponent += t[k++];
        if (k == from) return none;
        if (close) {
            if (k >= t.size() || t[k] != close) return none;
            ++k;
        }
    } else {
        const text::CodePoint sign = k < t.size() ? text::decode(t, k) : text::CodePoint{};
        if (sign.length && (sign.value == 0x207B || sign.value == 0x207A)) {
            exponent += sign.value == 0x207B ? '-' : '+';
            k += sign.length;
        }
        const std::size_t from = k;
        while (k < t.size()) {
            const text::CodePoint cp = text::decode(t, k);
            const int d = cp.length ? superscript_digit(cp.value) : -1;
            if (d < 0) break;
            exponent += static_cast<char>('0' + d);
            k += cp.length;
        }
        if (k == from) return none;
    }
    // A value ends here, as TOML says values end.
    if (k < t.size() && std::string_view(" \t\r\n,]}#").find(t[k]) == std::string_view::npos) return none;
    return {k - i, mantissa + "e" + exponent};
}

}  // namespace

std::string exponent_forms(std::string_view text, std::vector<std::string>& notes) {
    // Every form has "10" and then '^', "**" or a superscript (U+2070.., or ¹ ² ³ as C2 B9/B2/B3).
    bool maybe = false;
    for (std::size_t p = text.find("10"); p != std::string_view::npos && !maybe; p = text.find("10", p + 1)) {
        const std::string_view after = text.substr(p + 2, 2);
        maybe = !after.empty() && (after[0] == '^' || after == "**" || after == "\xE2\x81" || after == "\xC2\xB9" ||
                                   after == "\xC2\xB2" || after == "\xC2\xB3");
    }
    if (!maybe) return std::string(text);
    std::string out;
    out.reserve(text.size());
    Lexer lex;
    std::size_t line = 1;
    std::string changed;
    for (std::size_t i = 0; i < text.size();) {
        const char before = i > 0 ? text[i - 1] : '\n';
        const bool word = digit(before) || (before >= 'A' && before <= 'Z') || (before >= 'a' && before <= 'z') ||
                          before == '_' || before == '.' || before == '-' || before == '+';
        if (lex.where == Where::code && !word && (digit(text[i]) || text[i] == '-' || text[i] == '+')) {
            const Scientific s = scientific_at(text, i);
            if (s.length > 0) {
                const std::string_view written = text.substr(i, s.length);
                // The same number of characters: the columns of what follows on the line stay the student's.
                const std::size_t width = text::code_points(written);
                out += s.toml;
                out.append(width > s.toml.size() ? width - s.toml.size() : 0, ' ');
                if (changed.size() < 200) {
                    changed += fmt::format("{}{} as {}", changed.empty() ? "" : ", ", written, s.toml);
                }
                i += s.length;
                continue;
            }
        }
        const std::size_t n = std::min(lex.step(text, i), text.size() - i);
        for (std::size_t k = i; k < i + n; ++k) {
            if (text[k] == '\n') {
                if (!changed.empty() && notes.size() < 20) notes.push_back(fmt::format("line {}: read as scientific notation: {}", line, changed));
                changed.clear();
                ++line;
            }
        }
        out.append(text.substr(i, n));
        i += n;
    }
    if (!changed.empty() && notes.size() < 20) notes.push_back(fmt::format("line {}: read as scientific notation: {}", line, changed));
    return out;
}

}  // namespace attn::homework
