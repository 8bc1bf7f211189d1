#pragma once
// Text a student wrote, made inert for the two readers that act on it rather than show it:
// a CI log (GitHub Actions' runner) and a spreadsheet (a gradebook CSV opened or imported).
//
// GitHub's runner reads a workflow command from a log line in two forms: `##[name]...` anywhere
// in the line (the old form) and `::name ...::...` at the line's start after leading blanks (the
// current form; `::stop-commands::TOKEN` then turns command processing off). Shown text keeps
// its meaning for a person: the first `#` or `:` becomes its escape `\u{0023}` / `\u{003A}`,
// the notation the reports already use for hidden characters (homework/io/cells.hpp).
//
// A spreadsheet runs a cell starting with = + - @ (and, in some, a tab or CR before them) as a
// formula (OWASP "CSV injection"): such a cell gets a leading apostrophe, which spreadsheets show
// as text and LMS imports keep as a character of the text. A cell holding a line break starts a
// new physical line of the file (inside its quotes), which a reader taking the file a line at a
// time (a CI log, grep, a naive importer) sees as a line of its own: the same guard applies there.
#include <string>
#include <string_view>

namespace attn::text {

// `##[` anywhere and `::` at the start of any line (after spaces and tabs) neutralised.
std::string ci_log_safe(std::string_view text);

// A CSV cell's text, with a ' before = + - @ tab CR at its start and after every CR or LF in it.
std::string spreadsheet_safe(std::string_view cell);

}  // namespace attn::text
