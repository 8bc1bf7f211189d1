// Section 4, first patch: why the scores are divided by sqrt(Dq). With Dq terms in each dot
// product the scores grow like sqrt(Dq); the softmax then saturates (one weight near 1) and its
// slope α(1-α) vanishes, unless the scores are scaled back.
#include "experiments/scaling.hpp"

#include <algorithm>
#include <cmath>

#include "core/draws.hpp"
#include "core/numpy_ops.hpp"
#include "core/softmax.hpp"
#include "experiments/checks.hpp"
#include "experiments/shared_weights.hpp"

namespace attn::experiments {
namespace {

bool contains(const std::vector<long>& values, long v) {
    return std::find(values.begin(), values.end(), v) != values.end();
}

// scaling.py report(w): (w.max(axis=1) > 0.99).mean(), (w * (1 - w)).max(axis=1).mean().
void saturation(const std::vector<std::vector<double>>& weights, double& saturated,
                double& sensitivity) {
    std::vector<double> over(weights.size()), slope(weights.size());
    for (std::size_t r = 0; r < weights.size(); ++r) {
        const auto& w = weights[r];
        over[r] = *std::max_element(w.begin(), w.end()) > 0.99 ? 1.0 : 0.0;
        double best = -INFINITY;
        for (double a : w) best = std::max(best, a * (1.0 - a));
        slope[r] = best;
    }
    saturated = core::numpy_mean(over);
    sensitivity = core::numpy_mean(slope);
}

}  // namespace

std::vector<long> effective_sweep(const std::vector<long>& sweep, const std::vector<long>& shown) {
    std::vector<long> run = sweep;
    for (long v : shown) {
        if (!contains(run, v)) run.push_back(v);
    }
    return run;
}

void validate(const ScalingOptions& o) {
    require_in_range("--n", o.n, 1, kMaxDimension);
    require_in_range("--r", o.repeats, 1, kMaxDimension);
    require_list("--sweep", o.sweep, 1, kMaxDimension);
    require_list("--dq", o.shown, 1, kMaxDimension, /*allow_empty=*/true);
    double draws = 0;
    for (long dq : effective_sweep(o.sweep, o.shown)) {
        draws += static_cast<double>(o.repeats) * static_cast<double>(dq) *
                 (static_cast<double>(o.n) + 1.0);
    }
    const std::string flags = "--n " + std::to_string(o.n) + " --r " + std::to_string(o.repeats);
    require_draws(draws, flags + " with this sweep");
    long widest = *std::max_element(o.sweep.begin(), o.sweep.end());
    for (long v : o.shown) widest = std::max(widest, v);
    // scores (R, N) and two weight tables, plus one (N, Dq) draw at a time
    require_memory(8.0 * (3.0 * static_cast<double>(o.repeats) * static_cast<double>(o.n) +
                          static_cast<double>(o.n + 1) * static_cast<double>(widest)),
                   flags);
}

report::ScalingReport run_scaling(const ScalingOptions& o) {
    validate(o);
    const std::vector<long> shown = o.shown.empty() ? o.sweep : o.shown;
    const auto n = static_cast<std::size_t>(o.n), repeats = static_cast<std::size_t>(o.repeats);
    rng::NumpyGenerator rng = make_generator(o.seed);
    report::ScalingReport report;
    const std::vector<long> run = effective_sweep(o.sweep, o.shown);
    // progress in normal draws, so that a Dq=400 repeat counts 100 times a Dq=4 one
    std::size_t total = 0, done = 0;
    for (long dq : run) total += repeats * static_cast<std::size_t>(dq) * (n + 1);
    for (long dq_long : run) {
        const auto dq = static_cast<std::size_t>(dq_long);
        // s[r] = normal(0,1,(N,Dq)) @ normal(0,1,Dq): the keys are drawn before the query.
        std::vector<std::vector<double>> scores(repeats);
        for (auto& s : scores) {
            const core::Matrix keys = core::normal_matrix(rng, 0.0, 1.0, n, dq);
            const std::vector<double> query = rng.normal(0.0, 1.0, dq);
            s = core::matvec(keys, query);
            if (o.progress) {
                done += dq * (n + 1);
                o.progress(done, total);
            }
        }
        if (!contains(shown, dq_long)) continue;   // drawn all the same: the stream moves on

        report::ScalingRow row;
        row.dq = dq_long;
        std::vector<double> max_abs(repeats);
        std::vector<std::vector<double>> raw(repeats), scaled(repeats);
        const double sqrt_dq = std::sqrt(static_cast<double>(dq));
        for (std::size_t r = 0; r < repeats; ++r) {
            double m = 0;
            for (double v : scores[r]) m = std::max(m, std::fabs(v));
            max_abs[r] = m;
            raw[r] = core::softmax(scores[r]);
            std::vector<double> divided = scores[r];
            for (double& v : divided) v /= sqrt_dq;
            scaled[r] = core::softmax(divided);
        }
        row.mean_max_abs_score = core::numpy_mean(max_abs);
        saturation(raw, row.saturated_raw, row.sensitivity_raw);
        saturation(scaled, row.saturated_scaled, row.sensitivity_scaled);
        report.rows.push_back(row);
    }
    return report;
}

}  // namespace attn::experiments
