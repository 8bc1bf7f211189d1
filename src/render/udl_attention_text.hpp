#pragma once
// `attn udl 12.4 --attention L,H|all`: GPT-2's attention on the prompt, printed as udl124.py
// --attention prints it (the chapter's section 3 form: np.set_printoptions(precision=3,
// suppress=True); A's rows the input positions m, its columns the output positions n, each column
// summing to 1, zeros below the diagonal), and the same matrices as heatmaps with the tokens as
// labels. With all, one block per layer and head, layer by layer.
#include <string>
#include <vector>

#include "render/heatmap.hpp"
#include "results/udl_decoding_report.hpp"

namespace attn::render {

// "tokens: 'The' ' best' …", then for each shown head "layer L, head H: attention matrix A
// (columns = output positions, rows = input positions):", A, "column sums: […]".
std::string udl_attention_text(const results::UdlAttentionReport& r);
// One heatmap per shown head: rows the input tokens, columns the output tokens (Python's repr, as
// in the text), masked above the causal mask (m > n).
std::vector<Heatmap> udl_attention_heatmaps(const results::UdlAttentionReport& r);
// The heatmap of one head (`layer`, `head`), as udl_attention_heatmaps draws it.
Heatmap udl_attention_heatmap(const results::UdlAttentionReport& r, long layer, long head);

}  // namespace attn::render
