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
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {
namespace {

bool contains(const std::vector<long>& values, long v) {
    return std::find(values.begin(), values.end(), v) != values.end();
}

// One repeat's share of scaling.py report(w): w.max() > 0.99 and max α(1-α), kept per repeat
// so that the means over R are NumPy's pairwise means.
void saturation_of(const std::vector<double>& w, double& over, double& slope) {
    over = *std::max_element(w.begin(), w.end()) > 0.99 ? 1.0 : 0.0;
    double best = -INFINITY;
    for (double a : w) best = std::max(best, a * (1.0 - a));
    slope = best;
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
    require_in_range("--r", o.repeats, 1, kMaxRepeats, "and the draws are limited too");
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
    // Peak: the R×N scores of one Dq and five figures per repeat; one (N, Dq) key draw, its
    // query, and a repeat's scores and weights.
    const double r = static_cast<double>(o.repeats), n = static_cast<double>(o.n);
    require_memory(peak_bytes(r * n + 5 * r + (n + 1) * static_cast<double>(widest) + 4 * n), flags);
}

results::ScalingReport run_scaling(const ScalingOptions& o, const Progress& progress) {
    validate(o);
    const std::vector<long> shown = o.shown.empty() ? o.sweep : o.shown;
    const auto n = static_cast<std::size_t>(o.n), repeats = static_cast<std::size_t>(o.repeats);
    rng::NumpyGenerator rng = make_generator(o.seed);
    results::ScalingReport report;
    report.sweep = effective_sweep(o.sweep, o.shown);
    report.shown = shown;
    // Only shown rows are computed; a Dq before the last shown one is drawn all the same (the
    // stream moves on, so later rows keep the reference's bits); nothing after it is drawn.
    std::vector<long> run = report.sweep;
    while (!contains(shown, run.back())) run.pop_back();
    // progress in normal draws, so that a Dq=400 repeat counts 100 times a Dq=4 one
    std::size_t total = 0, done = 0;
    for (long dq : run) total += repeats * static_cast<std::size_t>(dq) * (n + 1);
    std::vector<double> scores(repeats * n);                  // row r: repeat r's N scores
    core::Matrix keys;
    std::vector<double> query;
    for (long dq_long : run) {
        const auto dq = static_cast<std::size_t>(dq_long);
        keys.resize({n, dq});
        query.resize(dq);
        // s[r] = normal(0,1,(N,Dq)) @ normal(0,1,Dq): the keys are drawn before the query.
        const bool is_shown = contains(shown, dq_long);
        const std::string step = "Dq = " + std::to_string(dq_long);
        for (std::size_t r = 0; r < repeats; ++r) {
            rng.normal(0.0, 1.0, keys.data(), n * dq);
            rng.normal(0.0, 1.0, query.data(), dq);
            if (is_shown) core::matvec_into(keys, query.data(), scores.data() + r * n);
            if (progress) {
                done += dq * (n + 1);
                progress(done, total, step);
            }
        }
        if (!is_shown) continue;   // drawn all the same: the stream moves on

        results::ScalingRow row;
        row.dq = dq_long;
        std::vector<double> max_abs(repeats), over_raw(repeats), slope_raw(repeats),
            over_scaled(repeats), slope_scaled(repeats);
        std::vector<double> s(n);
        const double sqrt_dq = std::sqrt(static_cast<double>(dq));
        for (std::size_t r = 0; r < repeats; ++r) {
            s.assign(scores.begin() + static_cast<std::ptrdiff_t>(r * n),
                     scores.begin() + static_cast<std::ptrdiff_t>((r + 1) * n));
            double m = 0;
            for (double v : s) m = std::max(m, std::fabs(v));
            max_abs[r] = m;
            saturation_of(core::softmax(s), over_raw[r], slope_raw[r]);
            for (double& v : s) v /= sqrt_dq;
            saturation_of(core::softmax(s), over_scaled[r], slope_scaled[r]);
        }
        row.mean_max_abs_score = core::numpy_mean(max_abs);
        row.saturated_raw = core::numpy_mean(over_raw);
        row.sensitivity_raw = core::numpy_mean(slope_raw);
        row.saturated_scaled = core::numpy_mean(over_scaled);
        row.sensitivity_scaled = core::numpy_mean(slope_scaled);
        report.rows.push_back(row);
    }
    return report;
}

}  // namespace attn::experiments
