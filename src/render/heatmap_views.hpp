#pragma once
// Reports -> the heatmaps `--heatmap` prints and `--svg` draws: which matrix, which palette,
// which labels and captions. Captions come in the chapter's wording (the default, like the text)
// or in English; the lesson keeps its own (simplified) script.
#include <vector>

#include "render/heatmap.hpp"
#include "results/attention_report.hpp"
#include "results/lesson_report.hpp"
#include "results/mask_report.hpp"
#include "results/multihead_report.hpp"
#include "results/udl_report.hpp"

namespace attn::render {

enum class Wording { chapter, english };

// Section 3: the scores S (diverging palette, signed) and the weights A (sequential), both with
// rows m = input position and columns n = output position, 1-based as --col.
std::vector<Heatmap> attention_heatmaps(const results::AttentionReport& r, Wording w = Wording::chapter);
// Section 6: the masked weights; the cells the causal mask removed (m > n) are marked.
Heatmap mask_heatmap(const results::MaskReport& r, Wording w = Wording::chapter);
// Section 5: for each row with head differences (--heatmap), the (H, H) map of how differently
// its heads attend (0 to 1, viridis), heads numbered from 1.
std::vector<Heatmap> multihead_heatmaps(const results::MultiheadReport& r, Wording w = Wording::chapter);
// The lesson's section 3 (causal weights, rows = queries, columns = keys, each a character of
// 床前明月光) and section 5 (the head's output, rows = characters, columns = output dimensions),
// for those of the two among the shown sections.
std::vector<Heatmap> lesson_heatmaps(const results::LessonReport& r, Wording w = Wording::chapter);
// `attn udl`: 12.1 the attention of the loop form (unscaled), the scaled attention of the matrix
// form, then X' (scaled, signed); 12.2 each head's attention, then X' (signed). Attention rows are
// the input m, columns the output n; X' rows a dimension, columns the output n; all 0-based, as
// the notebooks count. The notebooks are in English, so the captions are English in any wording.
std::vector<Heatmap> udl_heatmaps(const results::UdlReport& r);

}  // namespace attn::render
