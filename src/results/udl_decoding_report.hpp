#pragma once
// What `attn udl 12.4` computes: the printed lines of notebook 12.4's shown cells, in order, and
// where the notebook's own code raised (Run all stops there). Rendered by render/udl_decoding_text.
#include <string>
#include <utility>
#include <vector>

namespace attn::results {

// One decision of a decoder in a shown cell: the ids it appended, their probabilities (float32,
// widened), and how near it came to another choice (the kinds of udl124.py --margins: "draw",
// "argmax", "top-k cut", "nucleus cum", "nucleus cut", "k-th above", "k-th below"; relative gaps
// between sorted probabilities, absolute distances of the draw from a cdf boundary).
struct UdlDecodingStep {
    int cell = 0;
    std::string decoder;                       // "sample", "greedy", "top-k", "nucleus", "k-th"
    std::vector<int> chosen;
    std::vector<double> probabilities;
    std::vector<std::pair<std::string, double>> margins;
};

struct UdlDecodingCell {
    int cell = 0;
    std::vector<std::string> lines;
};

struct UdlDecodingReport {
    std::vector<std::string> lines;   // each one line of the notebook's output, without "\n"
    std::vector<UdlDecodingCell> cells;   // the same lines, by shown cell
    std::vector<UdlDecodingStep> steps;   // the shown cells' decisions, in order
    std::vector<int> prompt_ids;
    int raised_cell = 0;              // 0: every cell ran
    std::string raised;               // "ValueError: probabilities do not sum to 1"
    std::string inferred;             // a bare file's inferred configuration ("" with config.json)
    bool model_missing = false;       // no --model: only cell 7 ran; the rest needs GPT-2's weights
};

}  // namespace attn::results
