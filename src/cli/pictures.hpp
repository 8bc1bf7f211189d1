#pragma once
// The picture flags, kept out of the flags every command shares: --heatmap and --color (attention,
// mask, lesson, udl), --svg FILE (attention, mask, udl, scaling, multihead, cost). A command
// appends the flags it supports and, after its text, prints or writes what was asked. See
// docs/pictures.md.
#include <string>
#include <vector>

#include "cli/flags.hpp"
#include "render/heatmap.hpp"
#include "render/terminal_colour.hpp"

namespace attn::cli {

struct Pictures {
    bool heatmap = false;
    render::ColourMode colour = render::ColourMode::automatic;
    std::string svg;   // --svg FILE; empty: no SVG
};

// The largest N a heatmap is drawn for (N x N cells): beyond it a terminal grid wraps and an SVG
// grows past megabytes without showing more.
inline constexpr long kMaxPictureSide = 100;

// Throws UsageError naming --heatmap or --svg when a picture is asked for an N x N matrix with
// N > kMaxPictureSide; checked before the experiment runs.
void check_picture_size(const Pictures& p, long n);

// --heatmap and --color.
std::vector<Option<Pictures>> heatmap_flags();
// --svg FILE.
Option<Pictures> svg_flag();

// The heatmaps as terminal text, coloured as --color, NO_COLOR and the terminal decide; a blank
// line before each, so they follow the chapter's text, which stays byte for byte the same.
std::string heatmaps_text(const std::vector<render::Heatmap>& maps, const Pictures& p);

// Writes `svg` to p.svg atomically: a temporary file in the same folder, flushed to disk, then
// renamed over FILE, so FILE is never half-written (through a symbolic link, the file it names is
// replaced). A device or FIFO (/dev/stdout) is written through instead. Throws IoError
// ("--svg: cannot write …").
void write_svg(const Pictures& p, const std::string& svg);

}  // namespace attn::cli
