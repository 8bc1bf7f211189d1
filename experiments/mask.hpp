#pragma once
// `attn mask`: the chapter's section-6 causal-mask experiment, as ../shared/reference/mask.py.
// Draw order as `attn attention` (with biases).
#include <string>

#include "results/mask_report.hpp"
#include "experiments/output_format.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

inline constexpr double kMaxDelta = 1e6;   // |--delta|

struct MaskOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long d = 6;
    long n = 5;
    long dq = 4;
    long pos = 4;          // 1-based position whose input is shifted, 2..N
    double delta = 5.0;    // the shift added to every entry of input column P
    OutputFormat format = OutputFormat::text;   // for the memory model: JSON writes A whole
};

void validate(const MaskOptions& options);
results::MaskReport run_mask(const MaskOptions& options);

}  // namespace attn::experiments
