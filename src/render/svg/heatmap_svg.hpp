#pragma once
// Heatmaps -> one SVG picture, side by side. Each cell is a <rect id="cell-R-C"> (1-based, as the
// labels) filled with its palette colour (render/palette), its value centred in it, and a <title>
// for viewers that show tooltips; masked cells are light grey with a centred dot.
#include <string>
#include <vector>

#include "render/heatmap.hpp"

namespace attn::render::svg {

inline constexpr Rgb kMaskedFill{0xe0, 0xe0, 0xe0};   // on a white page, unlike any viridis colour

std::string heatmaps_svg(const std::vector<Heatmap>& maps);

}  // namespace attn::render::svg
