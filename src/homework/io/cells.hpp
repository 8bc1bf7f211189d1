#pragma once
// The cells of every report (the terminal table, every report file, the class files): a
// student's text made safe (valid UTF-8 only, invalid bytes as U+FFFD; hidden characters and CI
// log commands neutralised) and escaped for XML, JSON or a Markdown table cell; a key as warnings
// quote it; points and verdicts as words; a cell on one line, padded to a column. Shared by the
// report writers, and by the sheet's reader and the grader, which make a student's text safe
// where they quote it.
#include <cstddef>
#include <string>

namespace attn::homework {

std::string valid_utf8(const std::string& text);
// The one sanitising step of every report (the terminal table, every report file) and of
// the sheet's error messages: valid UTF-8, and every character that could hide, reorder or void
// text shown as \u{XXXX}: C0 controls but tab and newline, DEL, C1 controls (U+0080..U+009F),
// bidi controls (U+061C, U+200E/F, U+202A..U+202E, U+2066..U+2069), zero-width and invisible
// format characters (U+00AD, U+180E, U+200B..U+200D, U+2060..U+2064, U+FEFF) and the two
// non-characters XML 1.0 forbids (U+FFFE, U+FFFF); and GitHub workflow commands, `##[` anywhere
// and `::` at a line's start, with their first character escaped (text/neutralise.hpp), so that
// no sheet writes annotations into, or stops command processing of, a CI log. Everything else is
// kept as is.
std::string safe_text(const std::string& text);
// XML 1.0 character data and attribute values: & < > " ' escaped; control characters other than
// tab and newline (not allowed in XML 1.0) become U+FFFD.
std::string xml_escape(const std::string& text);
// The inside of a JSON string: " \ and control characters escaped.
std::string json_escape(const std::string& text);
// A GitHub Markdown table cell, shown as the literal text: a code span (backtick fence longer than
// any backtick run inside), in which nothing is parsed, no emphasis, link, image, HTML, and no
// autolink of an e-mail address or a URL (GitHub's autolink extension skips code), with '|'
// escaped as GFM tables require and newlines as spaces.
// An empty (or all-space) text is an empty cell: no empty grey code box.
std::string markdown_cell(const std::string& text);

// A roster's name or ID on one line: each line break (LF, CR, CRLF, VT, FF, U+0085, U+2028,
// U+2029) one space; nothing else changed (a name's zero-width joiners stay).
std::string on_one_line(const std::string& text);
// safe_text on one line: newlines and tabs as spaces (a terminal table's cell).
std::string safe_line(const std::string& text);
// A cell's width in a terminal: its code points (the answers are ASCII in practice; names may not be).
std::size_t cell_width(const std::string& text);
// `text` padded with spaces to `width` code points (never cut).
std::string padded(const std::string& text, std::size_t width);

// A key as a warning quotes it: printable ASCII as is, anything else as \u{…}, so that no
// zero-width, bidi or look-alike character can make a key read as another in a CI log; at most
// 80 bytes, then "...".
std::string shown_key(const std::string& key);

// A graded key's verdict, and its word in every report ("right", "wrong", "missing").
enum class Verdict { right, wrong, missing };
const char* verdict_name(Verdict v);

// Points as every report writes them: an integer without decimals, otherwise the shortest
// round-trip decimal.
std::string points_text(double points);

}  // namespace attn::homework
