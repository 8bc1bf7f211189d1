#pragma once
// `attn multihead`: the chapter's section-5 head-count experiment, as
// ../shared/reference/multihead.py. Draw order: X (D, N) ~ N(0, 1); then for each H of the sweep,
// for each head: Ωq, Ωk, Ωv (D/H, D) ~ N(0, 0.2); then Ωc (D, D) ~ N(0, 0.2).
#include <string>
#include <vector>

#include "experiments/progress.hpp"
#include "results/multihead_report.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

struct MultiheadOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long d = 48;                              // model width D
    long n = 10;                              // positions N
    std::vector<long> sweep = {1, 2, 3, 6};   // head counts run, in order (one stream)
    std::vector<long> shown;                  // --h: rows printed; empty = the sweep; values not
                                              // in the sweep are appended to it
    bool with_outputs = false;                // --with-outputs (JSON): Y and each head's A per row
    bool head_differences = false;            // --heatmap: how differently the heads attend
};

// What a run computes, decided here from what its outputs show (and nowhere else):
//   text, JSON, --svg  H, D/H, the parameters, the multiplications and Y's shape: all from the
//                      shapes (core::multihead_counts), so nothing is drawn or multiplied;
//   --heatmap          for each shown H, every head's A (not V, V A nor the Ωc mix);
//   --with-outputs     for each shown H, every head's A and Y.
// With values to show, the stream is drawn in the reference's order (X, then each H of the
// sweep: its heads and Ωc) up to the last shown H, so every shown value keeps its bits; an H
// that is not shown is only drawn, and nothing after the last shown H is drawn.
struct MultiheadWork {
    bool draws = false;        // X and the heads at all
    bool weights = false;      // each shown H's heads' A
    bool output = false;       // each shown H's Y
};
MultiheadWork work_for(const MultiheadOptions& options);

void validate(const MultiheadOptions& options);
// `progress` (experiments/progress.hpp), when given, hears of each head's pass and of the
// --heatmap comparison of the heads: the long part of a run with many heads or positions.
results::MultiheadReport run_multihead(const MultiheadOptions& options, const Progress& progress = {});

}  // namespace attn::experiments
