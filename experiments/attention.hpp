#pragma once
// `attn attention`: the chapter's section-3 experiment (三、比重從哪裡來), as
// ../shared/reference/attention.py. Draw order from one default_rng(seed) stream:
// X (D, N) ~ N(0, 1); then Ωq (Dq, D), βq (Dq, 1), Ωk (Dq, D), βk (Dq, 1), Ωv (D, D), βv (D, 1)
// ~ N(0, 0.5).
#include <string>

#include "results/attention_report.hpp"
#include "experiments/output_format.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

struct AttentionOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long d = 6;               // model width D (rows of X)
    long n = 5;               // positions N (columns of X)
    long dq = 4;              // query/key width Dq
    long col = 3;             // 1-based output position whose scores and weights are shown
    OutputFormat format = OutputFormat::text;   // for the memory model: JSON writes S and A whole
    bool with_outputs = false; // --with-outputs (JSON only): the report carries Y = V A too
};

// What a run computes, decided here from what its outputs show (and nowhere else):
//   text        A, A's column and row sums, column col of S and of A, the shapes of X and Y
//               (Y's shape is (D, N) whatever its values);
//   JSON        the same and S whole;   --heatmap, --svg: S and A;
//   --with-outputs (JSON): Y = V A as well.
// Only that last one reads V or Y, so without it V and Y = V A (D·N·(D + N) multiply-adds, most
// of a large run) are not computed, and Ωv and βv, the last draws of the stream, are not drawn:
// every value that is shown keeps its bits, since everything shown is drawn before them.
struct AttentionWork {
    bool output = false;      // V, Y = V A, and the draws Ωv, βv
};
AttentionWork work_for(const AttentionOptions& options);

// Throws attn::UsageError for values outside their ranges (before any allocation).
void validate(const AttentionOptions& options);
results::AttentionReport run_attention(const AttentionOptions& options);

}  // namespace attn::experiments
