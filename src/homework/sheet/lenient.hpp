#pragma once
// Reading a sheet the way a fair teacher reads one (issue 29, point 4): one typo costs one
// answer, never the sheet.
//
//  * Full-width ASCII forms (U+FF01..U+FF5E: `，` `＝` `０` `［`), the ideographic space U+3000 and
//    the no-break space U+00A0, which a Chinese input method types, are read as their ASCII
//    counterparts outside strings and comments, with a note naming the line. Inside a string
//    (an expression answer) they are left to the expression reader.
//  * A line that the gate or toml++ refuses is set aside (blanked, so every other line keeps its
//    number and column) and the sheet is read again; the key written on that line is then wrong
//    with the reason and its place, and the rest is graded. A statement running over several
//    lines (an array) is set aside whole. At most kMaxRefusedLines lines; past that, or when no
//    line can be named, the sheet is refused as before.
//  * Decimal commas (`0,0966`), digit-group separators (`101,760`, `101 760`), a number without its
//    leading 0 (`.0966`) and `True` / `yes` are such typos: the line's key is wrong with a reason
//    that says how to write it (`0.0966`, `101760`, `true`); they are never guessed at, since
//    `[0,0966, 0,1084]` could be four numbers or two.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::homework {

inline constexpr std::size_t kMaxRefusedLines = 20;

// A number written with a percent sign outside strings and comments (`9.66%`, `9.66 %`,
// `[0%, 19.56%, 80.44%]`) is rewritten as the fraction it names, its decimal point moved two
// places in the text (`0.0966`: no rounding, and its decimals count as the fraction's), and
// marked, so that the grader accepts it where a fraction is asked and says that a fraction was
// asked, and refuses it elsewhere (grade/grade.cpp; issue 29, point 5). A number with an
// exponent (`1e1%`) is left as it is, for toml++ to refuse. Values after a percentage on the same
// line keep the rewritten line's columns.
struct PercentMark {
    std::size_t line = 0, column = 0;   // where the fraction starts in the rewritten text (1-based, code points)
    std::string written;                // as the student wrote it: "9.66%"
};
std::string percent_forms(std::string_view text, std::vector<PercentMark>& marks);

struct RefusedLine {
    std::size_t line = 0, column = 0;   // where the reader stopped (1-based, code points)
    std::string key;                    // the dotted key written on that statement ("" when none is seen)
    std::string reason;                 // why, with how to write it when that is known
};

// Full-width forms, U+3000 and U+00A0 outside strings and comments as ASCII; the minus signs and
// dashes U+2212, U+2012..U+2015 and U+FE63 (full-width U+FF0D is a full-width form) as '-'; inside
// brackets (a list), 、 and ； as ','. `notes` gets one line per line changed ("line 3: full-width,
// dash or non-ASCII blank characters read as ASCII: '，' as ','").
std::string ascii_forms(std::string_view text, std::vector<std::string>& notes);

// Lines [first, last], 1-based.
struct LineSpan {
    std::size_t first = 0, last = 0;
};

// Table headers as a slip of the keyboard writes them (issue 43, point 3): `[hw1.c]]`, `[[hw1.c]`,
// `[hw1.b` (never closed), the brackets a Chinese input method types for [ and ] (【hw1.c】,
// 「hw1.c」), blanks around the dots. A line that starts a statement with such a header, its key
// bare segments, and nothing after it but a comment is rewritten as `[hw1.c]`, with a note naming
// the line ("line 13: table header [hw1.c]] read as [hw1.c]"). Only lines that TOML refuses as
// written are touched (a well-formed `[a]` or `[[a]]` is left alone), so a valid sheet reads the
// same. What cannot be read this way (`[hw1 c]`) is refused by the gate or toml++, and then its
// whole table is set aside (table_at), never re-filed under the table before it.
std::string header_forms(std::string_view text, std::vector<std::string>& notes);
// One line as header_forms rewrites it, or nullopt; `written`: the header as written.
std::optional<std::string> repaired_header(std::string_view line, std::string* written = nullptr);

// The lines [line, last] of the table whose header is on `line`: up to the line before the next
// table header (or the end), so that a header that cannot be read costs its own table's keys.
LineSpan table_at(std::string_view text, std::size_t line);
// Whether `line` starts (after blanks) with a bracket a table header may be written with.
bool starts_header(std::string_view line);

// Scientific notation as a student writes it by hand or copies it (issue 43, point 4):
// `3.06×10^-7`, `3.06x10^-7`, `3.06 * 10^(-7)`, `3.06·10^{-7}`, `3.06×10⁻⁷` (superscript
// exponent), outside strings and comments and as a whole value, rewritten as `3.06e-7` (padded
// with blanks to the same width, so that the line's columns stay), with a note naming the line.
std::string exponent_forms(std::string_view text, std::vector<std::string>& notes);

// The lines [first, last] (1-based) of the statement holding `line`: from the line where its key
// or table header starts to the line where its brackets close.
LineSpan statement_at(std::string_view text, std::size_t line);

// The dotted key a statement starting at `line` writes, with its table header ("hw1.a.weights"),
// or "" when the line does not start with `key =`.
std::string key_at(std::string_view text, std::size_t line);

// `text` with lines [first, last] emptied (their newlines kept).
std::string without_lines(std::string_view text, LineSpan span);

// How to write what is on a refused line, when it is a known typo ("write 0.0966: a decimal
// point, not a comma"), or "".
std::string spelling_advice(std::string_view line_text);

}  // namespace attn::homework
