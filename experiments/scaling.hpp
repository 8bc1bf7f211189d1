#pragma once
// `attn scaling`: the chapter's section-4 saturation experiment (兩塊補丁), as
// ../shared/reference/scaling.py. One default_rng(seed) stream is consumed by the sweep in order;
// per repeat: s = normal(0,1,(N,Dq)) @ normal(0,1,Dq), N scores of one query against N keys.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "report/scaling_report.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

struct ScalingOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long n = 5;                              // keys per query
    long repeats = 2000;                     // R
    std::vector<long> sweep = {4, 50, 400};  // Dq values run, in order, from one stream
    std::vector<long> shown;                 // --dq: printed rows; empty = the sweep; values not
                                             // in the sweep are appended to it
    // Called after every repeat with (normal draws done, draws in the whole sweep), when set. The
    // glue draws a progress line from it; the experiment itself never prints.
    std::function<void(std::size_t, std::size_t)> progress;
};

void validate(const ScalingOptions& options);
// What a run computes: every output (text, JSON, --svg) shows the same five figures of each shown
// Dq, which need that Dq's R×N scores. A Dq of the sweep before the last shown one is drawn but
// not multiplied (its draws move the stream the reference's way); none after it is drawn.
report::ScalingReport run_scaling(const ScalingOptions& options);

// The sweep actually run: the sweep, then every shown value not in it, in the order given.
std::vector<long> effective_sweep(const std::vector<long>& sweep, const std::vector<long>& shown);

// The options as run, for the record of a run (JSON's "options"): the effective sweep, and the
// shown rows spelled out (the whole sweep when --dq was not given).
ScalingOptions as_run(const ScalingOptions& options);

}  // namespace attn::experiments
