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

// Full-width forms, U+3000 and U+00A0 outside strings and comments as ASCII. `notes` gets one
// line per line changed ("line 3: full-width characters read as ASCII: '，' as ','").
std::string ascii_forms(std::string_view text, std::vector<std::string>& notes);

// The lines [first, last] (1-based) of the statement holding `line`: from the line where its key
// or table header starts to the line where its brackets close.
struct LineSpan {
    std::size_t first = 0, last = 0;
};
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
