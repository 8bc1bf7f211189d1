// Terminal heatmaps. Coloured spaces rather than block characters: █ ▓ ▒ are ambiguous-width
// and misalign in CJK terminals set to wide mode, while a space is one column everywhere.
#include "render/heatmap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "text/utf8.hpp"

namespace attn::render {
namespace {

using text::display_width;

std::string repeat(std::size_t n, char c = ' ') { return std::string(n, c); }

std::string centred(const std::string& text, std::size_t width) {
    const std::size_t w = display_width(text);
    if (w >= width) return text;
    const std::size_t left = (width - w) / 2;
    return repeat(left) + text + repeat(width - w - left);
}

std::string right_aligned(const std::string& text, std::size_t width) {
    const std::size_t w = display_width(text);
    return w >= width ? text : repeat(width - w) + text;
}

// A colour as the terminal is told it: an RGB triple (truecolor, and 256 colours after
// quantising) or one of the 16 ANSI colours (see ansi16_colour).
struct TermColour {
    Rgb rgb;
    int ansi = -1;   // 0..15 in 16-colour mode
};

// SGR parameters selecting `c` as foreground (base 38) or background (base 48).
std::string sgr_colour(const TermColour& c, bool background, ColourDepth depth) {
    const int base = background ? 48 : 38;
    char buf[32];
    if (depth == ColourDepth::truecolor) {
        std::snprintf(buf, sizeof buf, "%d;2;%d;%d;%d", base, c.rgb.r, c.rgb.g, c.rgb.b);
    } else if (depth == ColourDepth::xterm256) {
        std::snprintf(buf, sizeof buf, "%d;5;%d", base, xterm256_index(c.rgb));
    } else {   // 30-37 / 90-97 foreground, 40-47 / 100-107 background
        const int code = (c.ansi < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + (c.ansi & 7);
        std::snprintf(buf, sizeof buf, "%d", code);
    }
    return buf;
}

// What the terminal will show for a value's colour, and a readable text colour on it.
TermColour value_colour(Scale scale, double value, double limit, ColourDepth depth) {
    if (std::isnan(value)) {   // grey in every depth: 16 colours have bright black (ANSI 8)
        if (depth == ColourDepth::ansi16) return {ansi16_rgb(8), 8};
        return {depth == ColourDepth::xterm256 ? xterm256_rgb(xterm256_index(kNotANumber)) : kNotANumber};
    }
    TermColour c{scale_colour(scale, value, limit)};
    if (depth == ColourDepth::ansi16) {
        c.ansi = ansi16_colour(scale, value, limit);
        c.rgb = ansi16_rgb(c.ansi);
    } else if (depth == ColourDepth::xterm256) {
        c.rgb = xterm256_rgb(xterm256_index(c.rgb));
    }
    return c;
}

TermColour text_on(const TermColour& background, ColourDepth depth) {
    const Rgb t = readable_text_on(background.rgb);
    if (depth != ColourDepth::ansi16) return {t};
    return {t, t.r == 0 ? 0 : 15};   // black or bright white
}

std::string painted(const std::string& text, const TermColour& background, const TermColour& foreground,
                    ColourDepth depth) {
    return "\x1b[" + sgr_colour(foreground, false, depth) + ";" + sgr_colour(background, true, depth) + "m" +
           text + "\x1b[0m";
}

// Masked cells: dark grey behind a light grey dot (ANSI: bright black behind white).
const TermColour kMaskedCell{kMaskedBackground, 8}, kMaskedText{kMaskedDot, 7};

std::string legend(const Heatmap& h, ColourDepth depth, std::size_t indent) {
    constexpr int kSteps = 11;
    const double lo = h.scale == Scale::weights ? 0.0 : -colour_limit(h);
    const double hi = h.scale == Scale::weights ? 1.0 : colour_limit(h);
    std::string out = repeat(indent) + fixed_text(lo, h.decimals) + " ";
    for (int k = 0; k < kSteps; ++k) {
        const double v = lo + (hi - lo) * k / (kSteps - 1);
        const TermColour c = value_colour(h.scale, v, hi, depth);
        out += painted("  ", c, c, depth);
    }
    return out + " " + fixed_text(hi, h.decimals) + "\n";
}

}  // namespace

double colour_limit(const Heatmap& h) {
    if (h.limit > 0) return h.limit;
    double limit = 0;
    for (std::size_t i = 0; i < h.values.size(); ++i) {
        if (!h.masked.empty() && h.masked[i]) continue;
        if (std::isfinite(h.values[i])) limit = std::max(limit, std::fabs(h.values[i]));
    }
    return limit;
}

void check_shape(const Heatmap& h) {
    const std::size_t cells = h.rows * h.columns;
    if (h.row_labels.size() != h.rows || h.column_labels.size() != h.columns || h.values.size() != cells ||
        (!h.masked.empty() && h.masked.size() != cells)) {
        throw std::logic_error("heatmap '" + h.title + "': labels, values or mask do not match its " +
                               std::to_string(h.rows) + " x " + std::to_string(h.columns) + " cells");
    }
}

bool is_masked(const Heatmap& h, std::size_t row, std::size_t column) {
    return !h.masked.empty() && h.masked[row * h.columns + column];
}

std::string fixed_text(double v, int decimals) {
    if (std::isnan(v)) return "nan";   // NumPy's spelling (printf would say "-nan" for some NaNs)
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[400];   // %f of the largest double needs 309 digits
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string text = buf;
    if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
    return text;
}

std::string cell_text(const Heatmap& h, std::size_t row, std::size_t column) {
    if (is_masked(h, row, column)) return ".";
    return fixed_text(h.values[row * h.columns + column], h.decimals);
}

Rgb cell_colour(const Heatmap& h, std::size_t row, std::size_t column) {
    if (is_masked(h, row, column)) return kMaskedBackground;
    if (std::isnan(h.values[row * h.columns + column])) return kNotANumber;
    return scale_colour(h.scale, h.values[row * h.columns + column], colour_limit(h));
}

// A note of the fitted heatmap, broken at spaces into lines of at most `width` columns.
static std::string wrapped(const std::string& text, std::size_t width) {
    std::string out, line;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t space = std::min(text.find(' ', start), text.size());
        const std::string word = text.substr(start, space - start);
        if (!line.empty() && display_width(line) + 1 + display_width(word) > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = space + 1;
    }
    return out + line + "\n";
}

std::size_t grid_width(const Heatmap& h) {
    std::size_t label_width = 0;
    for (const auto& l : h.row_labels) label_width = std::max(label_width, display_width(l));
    std::size_t cell_width = 0;
    for (const auto& l : h.column_labels) cell_width = std::max(cell_width, display_width(l));
    for (std::size_t r = 0; r < h.rows; ++r) {
        for (std::size_t c = 0; c < h.columns; ++c) cell_width = std::max(cell_width, display_width(cell_text(h, r, c)));
    }
    return label_width + 1 + h.columns * (cell_width + 2);
}

std::string heatmap_text(const Heatmap& given, ColourDepth depth, std::size_t width) {
    check_shape(given);
    // Fitted to the terminal: fewer decimals (down to one) while the grid is wider than `width`;
    // when even one decimal does not fit, the grid is not drawn (it would wrap into a broken
    // grid) and a line says so and points to the SVG.
    Heatmap h = given;
    std::string note;
    if (width > 0 && grid_width(h) > width) {
        while (h.decimals > 1 && grid_width(h) > width) --h.decimals;
        if (grid_width(h) > width) {
            return h.title + "\n" + h.axes + "\n" +
                   wrapped("(needs " + std::to_string(grid_width(h)) + " columns, the terminal has " +
                               std::to_string(width) + ": see --svg FILE)",
                           width);
        }
        note = wrapped("(" + std::to_string(h.decimals) + (h.decimals == 1 ? " decimal" : " decimals") + " to fit " +
                           std::to_string(width) + " columns; --svg FILE has all)",
                       width);
    }
    std::size_t label_width = 0;
    for (const auto& l : h.row_labels) label_width = std::max(label_width, display_width(l));
    std::size_t cell_width = 0;
    for (const auto& l : h.column_labels) cell_width = std::max(cell_width, display_width(l));
    for (std::size_t r = 0; r < h.rows; ++r) {
        for (std::size_t c = 0; c < h.columns; ++c) cell_width = std::max(cell_width, display_width(cell_text(h, r, c)));
    }
    cell_width += 2;   // one space either side of the value
    const double limit = colour_limit(h);
    const std::size_t indent = label_width + 1;

    std::string out = h.title + "\n" + h.axes + "\n" + note;
    out += repeat(indent);
    for (const auto& l : h.column_labels) out += centred(l, cell_width);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
    for (std::size_t r = 0; r < h.rows; ++r) {
        out += right_aligned(h.row_labels[r], label_width) + " ";
        for (std::size_t c = 0; c < h.columns; ++c) {
            // values right-aligned (the decimal points line up), the mask's dot centred
            const std::string text = is_masked(h, r, c)
                                         ? centred(cell_text(h, r, c), cell_width)
                                         : " " + right_aligned(cell_text(h, r, c), cell_width - 2) + " ";
            if (depth == ColourDepth::none) {
                out += text;
            } else if (is_masked(h, r, c)) {
                out += painted(text, kMaskedCell, kMaskedText, depth);
            } else {
                const TermColour bg = value_colour(h.scale, h.values[r * h.columns + c], limit, depth);
                out += painted(text, bg, text_on(bg, depth), depth);
            }
        }
        if (depth == ColourDepth::none) {
            while (out.back() == ' ') out.pop_back();
        }
        out += "\n";
    }
    if (depth != ColourDepth::none) out += legend(h, depth, indent);
    return out;
}

}  // namespace attn::render
