#pragma once
// `attn udl 12.4 --attention all --svg FILE`: every layer's and head's attention on the prompt in
// one grid (bertviz's model view): layers as rows, heads as columns, each a small picture of A
// (rows the input tokens m, columns the output tokens n, viridis from 0 to 1, the causal mask's
// cells grey); the tokens along the grid's left edge (inputs, each row of pictures) and bottom
// edge (outputs), "head H" over the columns and "layer L" beside the rows. Each head is a
// <g id="head-L-H"> with a <title>; a head's own picture with its values is
// `--attention L,H --svg` (heatmap_svg).
#include <string>

#include "results/udl_decoding_report.hpp"

namespace attn::render::svg {

std::string attention_grid_svg(const results::UdlAttentionReport& r);

}  // namespace attn::render::svg
