#include "render/terminal_colour.hpp"

#include <string>

namespace attn::render {

ColourDepth colour_depth(ColourMode mode, bool stdout_is_terminal, const char* no_color, const char* term,
                         const char* colorterm) {
    const std::string term_text = term ? term : "", colorterm_text = colorterm ? colorterm : "";
    if (mode == ColourMode::never) return ColourDepth::none;
    if (mode == ColourMode::automatic) {
        const bool no_color_set = no_color != nullptr && no_color[0] != '\0';
        if (!stdout_is_terminal || no_color_set || term_text == "dumb") return ColourDepth::none;
    }
    if (colorterm_text == "truecolor" || colorterm_text == "24bit") return ColourDepth::truecolor;
    if (term_text.find("256color") != std::string::npos) return ColourDepth::xterm256;
    return ColourDepth::ansi16;
}

}  // namespace attn::render
