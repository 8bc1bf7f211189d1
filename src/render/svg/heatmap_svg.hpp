#pragma once
// Heatmaps -> one SVG picture, one below the other. Each cell is a <g id="cell-K-R-C"> (map K,
// row R, column C, 1-based as the labels) holding a <rect> filled with its palette colour (render/palette), its value centred in it, and a <title>
// for viewers that show tooltips; masked cells are light grey with a centred dot.
#include <string>
#include <vector>

#include "render/heatmap.hpp"

namespace attn::render::svg {

inline constexpr Rgb kMaskedFill{0xe0, 0xe0, 0xe0};   // on a white page, unlike any viridis colour

std::string heatmaps_svg(const std::vector<Heatmap>& maps);

}  // namespace attn::render::svg
