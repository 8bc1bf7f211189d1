#pragma once
// `attn cost --svg`: median wall time against the sequence length T on log-log axes, one line per
// kernel, the fitted exponent p (time ≈ c·T^p) in the legend. On log-log axes T^p is a straight
// line of slope p, so the lesson's O(T), O(T²), O(T³) read as slopes 1, 2, 3.
#include <string>

#include "results/cost_report.hpp"

namespace attn::render::svg {

// Throws std::invalid_argument when a run's median time is not a positive finite number (a
// clock that read 0 s cannot be drawn on a log axis; run_cost never reports one).
std::string cost_svg(const results::CostReport& r);

// The legend entry of one kernel: "naive: time ∝ T^2.01", "flash (one length, no exponent)".
std::string cost_series_name(const std::string& kernel, const results::CostFit* fit);

}  // namespace attn::render::svg
