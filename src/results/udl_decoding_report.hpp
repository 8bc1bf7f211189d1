#pragma once
// What `attn udl 12.4` computes: the printed lines of notebook 12.4's shown cells, in order, and
// where the notebook's own code raised (Run all stops there). Rendered by render/udl_decoding_text.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace attn::results {

// One decision of a decoder in a shown cell: the ids it appended, their probabilities (float32,
// widened), and how near it came to another choice (the kinds of udl124.py --margins: "draw",
// "argmax", "top-k cut", "nucleus cum", "nucleus cut", "k-th above", "k-th below"; relative gaps
// between sorted probabilities, absolute distances of the draw from a cdf boundary).
// A candidate token of one step: its id, probability and text (decode of the id alone).
struct UdlCandidate {
    int id = 0;
    double probability = 0;
    std::string text;
};

struct UdlDecodingStep {
    int cell = 0;
    std::string decoder;                       // "sample", "greedy", "top-k", "nucleus", "k-th"
    std::vector<int> chosen;
    std::vector<double> probabilities;
    std::vector<std::pair<std::string, double>> margins;
    // The distribution the decision saw (for the picture and JSON): the most likely tokens, by
    // probability descending then id; each chosen token's rank (1 = most likely: 1 + the tokens
    // more likely than it) and text; what the cut keeps (top-k, nucleus: the tokens at or above
    // its value; -1: no cut).
    std::vector<UdlCandidate> top;
    std::vector<long> chosen_ranks;
    std::vector<std::string> chosen_texts;
    long kept = -1;
};

// One beam of beam search (cell 28) at one step: which beam of the step before it extends
// (-1: the prompt), the ids it appends to that beam (the notebook's chained continuations append
// c_k + 1), their text, and its log_prob (float32).
struct UdlBeam {
    int parent = -1;
    std::vector<int> appended;
    std::string appended_text;
    double log_prob = 0;
};

struct UdlDecodingCell {
    int cell = 0;
    std::vector<std::string> lines;
};

struct UdlDecodingReport {
    std::vector<std::string> lines;   // each one line of the notebook's output, without "\n"
    std::vector<UdlDecodingCell> cells;   // the same lines, by shown cell
    std::vector<UdlDecodingStep> steps;   // the shown cells' decisions, in order
    std::vector<std::vector<UdlBeam>> beam_steps;   // cell 28 when shown: the beams after each step
    std::vector<int> prompt_ids;
    int raised_cell = 0;              // 0: every cell ran
    std::string raised;               // "ValueError: probabilities do not sum to 1"
    // GPT2Tokenizer's KeyError (a vocabulary flaw a text meets): the key it did not find; the
    // exception is "KeyError: " + Python's repr of it (rendered). With raised_at_prompt it was
    // met tokenizing the prompt, before any cell, where the reference tokenizes it.
    std::optional<std::string> raised_key;
    bool raised_at_prompt = false;
    std::string inferred;             // a bare file's inferred configuration ("" with config.json)
    bool model_missing = false;       // no --model: only cell 7 ran; the rest needs GPT-2's weights
};

// `attn udl 12.4 --diagnose`: which decoder, right or with which mistake, printed a student's
// lines (experiments/udl_decoding_diagnose).
struct UdlDecodingDiagnosis {
    std::size_t lines = 0;            // the printed lines read (a traceback's lines not counted)
    std::string raised;               // the exception read after them ("" none)
    std::string match;                // "right", a mistake's name, or "" for no match
    std::string decoder;              // the decoder that printed them ("sampling", "greedy", "top-k",
                                      // "nucleus", "k-th", "beam search"); for no match the
                                      // decoder whose right print they come nearest
    std::vector<int> cells;           // that decoder's cells (10, 11; …)
    std::string explanation;          // the mistake's one sentence ("" otherwise)
    struct Also {                     // another candidate that prints the very same lines
        std::string match;            // "right" or a mistake's name
        std::string decoder;
        std::vector<int> cells;
    };
    std::vector<Also> also;
    std::vector<std::string> mistakes;   // the mistakes tried, in order
    // The first line, in print order, that differs from the right decoder's print.
    bool differs = false;
    int cell = 0;                     // the cell it is printed by
    std::size_t line = 0;             // 1-based within that cell
    bool has_yours = false, has_right = false;   // a line there (a print may be shorter)
    bool yours_raises = false, right_raises = false;   // there: the exception raised, not a line
    std::string yours, right;                    // the line (or the exception) there
};

// `attn udl 12.4 --attention L,H|all`: GPT-2's own attention on the prompt, every layer's and
// head's (the chapter's A for each: column n, the output position, sums to 1 over the input
// positions m <= n).
struct UdlAttentionReport {
    std::vector<int> ids;                  // the prompt's tokens
    std::vector<std::string> tokens;       // each decoded alone (tokenizer.decode([id]))
    long layers = 0, heads = 0;            // the model's
    std::optional<std::pair<long, long>> shown;   // --attention L,H; none: all
    std::vector<float> weights;            // ((l H + h) T + n) T + m: query (output) n, key (input) m
    std::string inferred;                  // the inferred-config line of a bare file, if any
    std::size_t size() const { return ids.size(); }
    float a(long layer, long head, std::size_t m, std::size_t n) const {   // A[m, n] of the chapter
        const std::size_t T = ids.size();
        return weights[((static_cast<std::size_t>(layer * heads + head)) * T + n) * T + m];
    }
};

}  // namespace attn::results
