#pragma once
// The CLI's conventions around its help, kept out of main.cpp (which only calls them): the short
// usage of plain `attn`, the nearest subcommand for a misspelt one, and help text wrapped to the
// terminal. No CLI11 here.
#include <cstddef>
#include <string>
#include <vector>

namespace attn::cli {

// Plain `attn`: three lines for stderr, as git and ripgrep print (the commands wrapped to width).
std::string short_usage(const std::vector<std::string>& commands, std::size_t width);

// The known names nearest to `typed` (optimal string alignment distance: one edit is an insertion,
// deletion, substitution or swap of neighbours), when near enough to be a slip: at most
// max(2, |typed| / 3) edits. Several when tied; none when nothing is that near.
std::vector<std::string> nearest_names(const std::string& typed, const std::vector<std::string>& names);

// "did you mean attention?" / "did you mean mask or lesson?", or "" when there is no suggestion.
std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names);

// The width help is wrapped to: $COLUMNS when it is a number in 40..1000, else the terminal's
// width when standard output is a terminal, else 80.
std::size_t help_width();
// The columns output must fit: $COLUMNS when it is a number in 20..1000, else the terminal's
// width when standard output is a terminal, else 0 (a file or pipe: no limit).
std::size_t terminal_columns();

// Each line of `text` wider than `width` display columns (CJK counts 2) is broken at spaces.
// A continuation line hangs under the line's description column (two-column lines such as
// "  --seed SEED   the seed ...") or, failing that, under the line's own indent. A word wider than
// the room left stays whole on its own line.
std::string wrap_help(const std::string& text, std::size_t width);

// Prose for a terminal (homework's worked solutions), each line wider than `width` display
// columns broken at a space or between two wide (CJK) characters, never before closing
// punctuation (，。、；：）」！？), continuation lines under the line's own indent. Lines that fit
// are kept as they are.
std::string wrap_prose(const std::string& text, std::size_t width);

// The same for prose written with its own line breaks (a subcommand's footer): a paragraph (lines
// at one indent, not two-column) with a line wider than `width` is joined and filled again;
// paragraphs that fit keep their author's breaks.
std::string reflow_paragraphs(const std::string& text, std::size_t width);

}  // namespace attn::cli
