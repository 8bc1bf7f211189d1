#pragma once
// `attn udl 12.4`: notebook 12.4 "Decoding strategies", solved, over GPT-2 (src/gpt2): the
// printing cells 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 28 in the order a top-to-bottom run prints
// them, as ../shared/reference/udl124.py documents them (docs/udl.md, "Notebook 12.4"). Cells
// that do not reseed carry NumPy's legacy generator on; every earlier cell runs, silently, before
// a shown one. Options in, a plain report out; no printing.
#include <optional>
#include <string>
#include <vector>

#include "experiments/progress.hpp"
#include "results/udl_decoding_report.hpp"

namespace attn::experiments {

inline constexpr char kUdlPrompt[] = "The best thing about Bath is";

// --mistake NAME for 12.4 (the oracle's names).
enum class DecodingMistake {
    none, topk_k, topk_ascending, topk_no_renorm, nucleus_off_by_one, nucleus_minus_one, nucleus_ascending,
    beam_without_quirk, sample_greedy, greedy_sample
};
std::vector<std::string> decoding_mistake_names();             // in --help order
DecodingMistake parse_decoding_mistake(const std::string& name);   // UsageError("--mistake", …)
std::string decoding_mistake_name(DecodingMistake mistake);          // "" for none
std::string decoding_mistake_explanation(DecodingMistake mistake);   // one English sentence

struct DecodingOptions {
    std::string model;                  // --model DIR|FILE ("" none)
    std::string vocab;                  // --vocab DIR ("" : the model folder's)
    std::vector<long> cells;            // --cell/--cells; empty: every printing cell
    std::string prompt = kUdlPrompt;
    long seed = 0;                      // set_seed
    long tokens = 10;                   // tokens per loop, and beam_length
    long k = 10;                        // top-k
    double thresh = 0.2;                // nucleus threshold
    long beams = 5;                     // n_beam
    std::vector<long> kth = {1, 2000};  // cell 26's ranks
    long token_seed = 1;                // cell 7's np.random.seed
    DecodingMistake mistake = DecodingMistake::none;
    bool legacy_decode = false;
};

// The printing cells, in order.
const std::vector<long>& decoding_cells();

// Ranges that need no files (UsageError naming the flag).
void validate(const DecodingOptions& options);
// Runs the notebook: reads the vocabulary and model (IoError for a bad file, UsageError for a
// bad combination), computes the shown cells' lines. `progress` hears of each decision before it
// is made, its step named "cell 28, beam search: step 4 of 9" (every cell that runs counts,
// silent ones too).
results::UdlDecodingReport run_udl_decoding(const DecodingOptions& options, const Progress& progress = {});

// --attention L,H or all: GPT-2's attention on the prompt. `layer_head` none: every layer and
// head; else checked against the model (UsageError naming --attention and the ranges).
results::UdlAttentionReport run_udl_attention(const DecodingOptions& options, std::optional<std::pair<long, long>> layer_head);

// The cell whose generator `cell` carries on (11 <- 10, 15 <- 14, 23 <- 22), 0 for a cell that
// reseeds.
long carried_from(long cell);

// Several runs of some cells each on one model and vocabulary read once (--diagnose): the
// options with each run's mistake; each run computes its cells and the cells they carry on from,
// no other earlier cell. A run the options refuse for its mistake (topk-k with --k = V) comes
// back with raised_cell = -1 and no lines.
struct DecoderRun {
    DecodingMistake mistake = DecodingMistake::none;
    std::vector<long> cells;
};
std::vector<results::UdlDecodingReport> run_udl_decoders(const DecodingOptions& options, const std::vector<DecoderRun>& runs);

}  // namespace attn::experiments
