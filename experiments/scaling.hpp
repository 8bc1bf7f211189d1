#pragma once
// `attn scaling`: the chapter's section-4 saturation experiment (兩塊補丁), as
// ../shared/reference/scaling.py. One default_rng(seed) stream is consumed by the sweep in order;
// per repeat: s = normal(0,1,(N,Dq)) @ normal(0,1,Dq), N scores of one query against N keys.
#include <string>
#include <vector>

#include "experiments/progress.hpp"
#include "results/scaling_report.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

struct ScalingOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long n = 5;                              // keys per query
    long repeats = 2000;                     // R
    std::vector<long> sweep = {4, 50, 400};  // Dq values run, in order, from one stream
    std::vector<long> shown;                 // --dq: printed rows; empty = the sweep; values not
                                             // in the sweep are appended to it
};

void validate(const ScalingOptions& options);
// What a run computes: every output (text, JSON, --svg) shows the same five figures of each shown
// Dq, which need that Dq's R×N scores. A Dq of the sweep before the last shown one is drawn but
// not multiplied (its draws move the stream the reference's way); none after it is drawn.
// `progress` is called after every repeat with (normal draws done, draws in the whole sweep).
results::ScalingReport run_scaling(const ScalingOptions& options, const Progress& progress = {});

// The sweep actually run: the sweep, then every shown value not in it, in the order given.
std::vector<long> effective_sweep(const std::vector<long>& sweep, const std::vector<long>& shown);

}  // namespace attn::experiments
