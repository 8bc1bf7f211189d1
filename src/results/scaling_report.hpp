#pragma once
// What `attn scaling` (chapter section 4, softmax saturation) computes.
#include <vector>

namespace attn::results {

struct ScalingRow {
    long dq = 0;
    double mean_max_abs_score = 0;   // np.abs(s).max(axis=1).mean()
    double saturated_raw = 0;        // fraction of repeats whose largest weight > 0.99, unscaled
    double sensitivity_raw = 0;      // mean over repeats of max α(1-α), unscaled
    double saturated_scaled = 0;     // the same after dividing the scores by sqrt(Dq)
    double sensitivity_scaled = 0;
};

struct ScalingReport {
    std::vector<ScalingRow> rows;    // shown rows, in sweep order
    // What ran, for the record of a run (JSON's "options"): the Dq values drawn, in order (the
    // sweep, then each --dq value not in it), and the rows asked for (--dq, else the sweep).
    std::vector<long> sweep;
    std::vector<long> shown;
};

}  // namespace attn::results
