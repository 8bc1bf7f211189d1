#pragma once
// `attn attention`: the chapter's section-3 experiment (三、比重從哪裡來), as
// ../shared/reference/attention.py. Draw order from one default_rng(seed) stream:
// X (D, N) ~ N(0, 1); then Ωq (Dq, D), βq (Dq, 1), Ωk (Dq, D), βk (Dq, 1), Ωv (D, D), βv (D, 1)
// ~ N(0, 0.5).
#include <string>

#include "report/attention_report.hpp"
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
};

// Throws attn::UsageError for values outside their ranges (before any allocation).
void validate(const AttentionOptions& options);
report::AttentionReport run_attention(const AttentionOptions& options);

}  // namespace attn::experiments
