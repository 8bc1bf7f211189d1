#pragma once
// `attn udl 12.4 --diagnose FILE`: which decoder of notebook 12.4, right or with which of the nine
// --mistakes, printed a student's lines, for the same model and flags (docs/udl.md, "--diagnose
// for 12.4"). Every candidate is run (experiments/udl_decoding: run_udl_decoders) and the lines
// are looked for, in a row, in each candidate's print; a verdict needs the lines to fit one print.
#include <string>

#include "experiments/udl_decoding.hpp"
#include "results/udl_decoding_report.hpp"

namespace attn::experiments {

// The decoders a diagnosis can name, in order, with their cells: sampling (10, 11), greedy
// (14, 15), top-k (18, 19), nucleus (22, 23), k-th (26), beam search (28).
struct DecoderCells {
    const char* name;
    std::vector<long> cells;
    std::vector<DecodingMistake> mistakes;   // the mistakes that change its print
};
const std::vector<DecoderCells>& decoders();

// options.cells (--cell/--cells), when given, keeps the decoders of those cells; options.mistake
// must be none. Throws UsageError("--diagnose", …) for text that is not UTF-8, for no printed
// line, and for lines that fit two candidates that print differently (too little to tell).
results::UdlDecodingDiagnosis diagnose_decoding(const DecodingOptions& options, const std::string& printed);

}  // namespace attn::experiments
