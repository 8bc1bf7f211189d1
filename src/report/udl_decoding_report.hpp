#pragma once
// What `attn udl 12.4` computes: the printed lines of notebook 12.4's shown cells, in order, and
// where the notebook's own code raised (Run all stops there). Rendered by render/udl_decoding_text.
#include <string>
#include <vector>

namespace attn::report {

struct UdlDecodingReport {
    std::vector<std::string> lines;   // each one line of the notebook's output, without "\n"
    int raised_cell = 0;              // 0: every cell ran
    std::string raised;               // "ValueError: probabilities do not sum to 1"
    std::string inferred;             // a bare file's inferred configuration ("" with config.json)
    bool model_missing = false;       // no --model: only cell 7 ran; the rest needs GPT-2's weights
};

}  // namespace attn::report
