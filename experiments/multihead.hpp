#pragma once
// `attn multihead`: the chapter's section-5 head-count experiment, as
// ../shared/reference/multihead.py. Draw order: X (D, N) ~ N(0, 1); then for each H of the sweep,
// for each head: Ωq, Ωk, Ωv (D/H, D) ~ N(0, 0.2); then Ωc (D, D) ~ N(0, 0.2).
#include <string>
#include <vector>

#include "report/multihead_report.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

struct MultiheadOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long d = 48;                              // model width D
    long n = 10;                              // positions N
    std::vector<long> sweep = {1, 2, 3, 6};   // head counts run, in order (one stream)
    std::vector<long> shown;                  // --h: rows printed; empty = the sweep; values not
                                              // in the sweep are appended to it
};

void validate(const MultiheadOptions& options);
report::MultiheadReport run_multihead(const MultiheadOptions& options);

}  // namespace attn::experiments
