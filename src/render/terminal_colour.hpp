#pragma once
// Whether, and with how many colours, a heatmap is painted: --color auto|always|never, the
// NO_COLOR convention (no-color.org), and what the terminal says it can show. Pure: the glue
// passes isatty() and the environment in.
#include "render/heatmap.hpp"

namespace attn::render {

enum class ColourMode { automatic, always, never };

// never: none. auto: none unless stdout is a terminal, NO_COLOR is unset or empty, and TERM is
// not "dumb". always (or auto when colour is on): truecolor when COLORTERM is "truecolor" or
// "24bit", else 256 colours when TERM contains "256color", else the 16 ANSI colours. A flag
// given on the command line (always) wins over NO_COLOR, as no-color.org asks. Null pointers are
// unset variables.
ColourDepth colour_depth(ColourMode mode, bool stdout_is_terminal, const char* no_color, const char* term,
                         const char* colorterm);

}  // namespace attn::render
