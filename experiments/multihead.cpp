// Section 5 (多頭): H heads of width D/H cost the same parameters and multiplications as one
// head of width D; the counts come from the products the core actually runs.
#include "experiments/multihead.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "errors.hpp"
#include "experiments/checks.hpp"
#include "experiments/scaling.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {

MultiheadWork work_for(const MultiheadOptions& o) {
    MultiheadWork work;
    work.weights = o.with_outputs || o.head_differences;
    work.output = o.with_outputs;
    work.draws = work.weights || work.output;
    return work;
}

namespace {

bool contains(const std::vector<long>& values, long v) {
    return std::find(values.begin(), values.end(), v) != values.end();
}

// (H, H): the mean over output positions n of ½ Σ_m |A_i(m, n) - A_j(m, n)| for heads i, j
// (the chapter's 每組各自重新分配一次發言權: how differently each head shares out the floor).
// `after_row(i)` is called once head i has been compared with every later head.
results::Array head_differences(const std::vector<core::Matrix>& weights,
                               const std::function<void(std::size_t)>& after_row) {
    const std::size_t h = weights.size();
    results::Array out{{h, h}, std::vector<double>(h * h, 0.0)};
    for (std::size_t i = 0; i < h; ++i) {
        for (std::size_t j = i + 1; j < h; ++j) {
            const core::Matrix& a = weights[i];
            const core::Matrix& b = weights[j];
            const std::size_t rows = a.shape(0), cols = a.shape(1);
            double total = 0.0;
            for (std::size_t m = 0; m < rows; ++m) {
                for (std::size_t n = 0; n < cols; ++n) total += std::fabs(a(m, n) - b(m, n));
            }
            out.values[i * h + j] = out.values[j * h + i] = 0.5 * total / static_cast<double>(cols);
        }
        after_row(i);
    }
    return out;
}

// A shown row's counts and shape, from the shapes alone (what the text prints).
results::MultiheadRow counted_row(long h, std::size_t d, std::size_t n) {
    const core::MultiheadPass counts = core::multihead_counts(d, n, static_cast<std::size_t>(h));
    results::MultiheadRow row;
    row.heads = h;
    row.head_width = static_cast<long>(d) / h;
    row.parameters = counts.parameters;
    row.multiplications = counts.multiplications;
    row.output_shape = {d, n};
    return row;
}

}  // namespace

void validate(const MultiheadOptions& o) {
    require_in_range("--d", o.d, 1, kMaxDimension);
    require_in_range("--n", o.n, 1, kMaxDimension);
    // The head counts D allows, for a refusal whose range --d set (UsageError::allowed).
    const auto divisors = [&o] {
        std::string out;
        for (long k = 1; k <= o.d; ++k) {
            if (o.d % k == 0) out += (out.empty() ? "" : ",") + std::to_string(k);
        }
        return "from " + out + " (the divisors of D)";
    };
    try {
        require_list("--sweep", o.sweep, 1, o.d, /*allow_empty=*/false, {"--d"});
        require_list("--h", o.shown, 1, o.d, /*allow_empty=*/true, {"--d"});
    } catch (UsageError& e) {
        if (!e.allowed.empty()) e.allowed = divisors();
        throw;
    }
    for (long h : effective_sweep(o.sweep, o.shown)) {
        if (o.d % h != 0) {
            const std::string flag = std::find(o.sweep.begin(), o.sweep.end(), h) != o.sweep.end()
                                         ? "--sweep" : "--h";
            UsageError e(flag, "each head count H must divide D = " + std::to_string(o.d) +
                                   " (got " + std::to_string(h) + ")");
            e.bounded_by = {"--d"};
            e.allowed = divisors();
            throw e;
        }
    }
    // Peak, when values are computed (work_for): S (N×N, reused by every head); X, the stacked
    // heads, the output, Q, K, V (at most D×N each); every head's Ωq, Ωk, Ωv and Ωc (4 D×D); each
    // head's A of one H (H N×N) while it is compared or copied, and with --with-outputs every
    // shown row's copies (H N×N + D×N). Counts alone take no arrays.
    const MultiheadWork work = work_for(o);
    if (!work.draws) return;
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n);
    // Draws: X (D×N), then for each head count of the sweep H × 3 (D/H × D) and Ωc (D × D): 4 D².
    const double sweep = static_cast<double>(effective_sweep(o.sweep, o.shown).size());
    require_draws(d * n + 4 * d * d * sweep, "--d " + std::to_string(o.d) + " --n " + std::to_string(o.n) + " --sweep (" +
                                                 std::to_string(static_cast<long>(sweep)) + " head counts)");
    double kept = 0, widest = 0;
    for (long h : o.shown.empty() ? o.sweep : o.shown) {
        kept += static_cast<double>(h) * n * n + d * n;
        widest = std::max(widest, static_cast<double>(h) * n * n);
    }
    // --with-outputs (JSON only) writes every kept number: its text is held twice at once (each
    // row's, then the list of rows it is copied into, render/json), 8 + 2·21 bytes a number
    // against run_peak_bytes's 8 + 21: 1.75 times the numbers. Measured: --d 64 --n 500 --sweep
    // 1,2,4,8 peaks at 198 MiB, model 196 MiB (counted as arrays alone it said 56 MiB).
    require_memory(run_peak_bytes(n * n + 6 * d * n + 4 * d * d + widest + (work.output ? kept : 0),
                                  work.output ? 1.75 * kept : 0, work.output ? OutputFormat::json : OutputFormat::text),
                   "--d " + std::to_string(o.d) + " --n " + std::to_string(o.n));
}

results::MultiheadReport run_multihead(const MultiheadOptions& o, const Progress& progress) {
    validate(o);
    const std::vector<long> shown = o.shown.empty() ? o.sweep : o.shown;
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const MultiheadWork work = work_for(o);
    const std::vector<long> run = effective_sweep(o.sweep, o.shown);
    results::MultiheadReport report;
    report.sweep = run;
    report.shown = shown;
    if (!work.draws) {                       // the counts and shapes need no values
        for (long h : run) {
            if (contains(shown, h)) report.rows.push_back(counted_row(h, d, n));
        }
        return report;
    }
    // The last shown H of the run: the stream is drawn up to it, no further.
    std::size_t last = 0;
    for (std::size_t i = 0; i < run.size(); ++i) {
        if (contains(shown, run[i])) last = i;
    }
    // Progress in multiply-adds, roughly: a head of width D/H over N positions costs N²·(D/H + 1)
    // (Kᵀ Q and its softmax), N²·D/H more with outputs (V A); comparing two heads costs N².
    const std::size_t nn = n * n;
    auto head_work = [&](long h) { return nn * (d / static_cast<std::size_t>(h) * (work.output ? 2 : 1) + 1); };
    std::size_t total = 0, done = 0;
    for (std::size_t i = 0; i <= last; ++i) {
        const auto h = static_cast<std::size_t>(run[i]);
        if (!contains(shown, run[i])) continue;
        total += h * head_work(run[i]) + (o.head_differences ? h * (h - 1) / 2 * nn : 0);
    }
    std::string step;   // "H = 8", then "H = 8, comparing heads"
    auto advance = [&](std::size_t units) {
        done += units;
        progress(done, total, step);
    };
    rng::NumpyGenerator rng = make_generator(o.seed);
    const core::Matrix x = core::normal_matrix(rng, 0.0, 1.0, d, n);
    for (std::size_t i = 0; i <= last; ++i) {
        const long h = run[i];
        const std::size_t width = d / static_cast<std::size_t>(h);
        // Per head Ωq, Ωk, Ωv (D/H, D) ~ N(0, 0.2); then Ωc (D, D): the chapter's draw order.
        std::vector<core::HeadWeights> heads(static_cast<std::size_t>(h));
        for (auto& w : heads) {
            w.omega_q = core::normal_matrix(rng, 0.0, 0.2, width, d);
            w.omega_k = core::normal_matrix(rng, 0.0, 0.2, width, d);
            w.omega_v = core::normal_matrix(rng, 0.0, 0.2, width, d);
        }
        const core::Matrix omega_c = core::normal_matrix(rng, 0.0, 0.2, d, d);
        if (!contains(shown, h)) continue;   // drawn all the same: the stream moves on
        const std::size_t per_head = head_work(h);
        step = "H = " + std::to_string(h);
        const core::MultiheadPass pass = core::multihead_attention(
            x, heads, omega_c, work.output ? core::HeadsKeep::output_and_weights : core::HeadsKeep::weights,
            progress ? std::function<void()>([&] { advance(per_head); }) : std::function<void()>());
        // The counts of the whole pass, whatever part of it ran (the text shows those).
        results::MultiheadRow row = counted_row(h, d, n);
        if (o.head_differences) {
            const auto heads_shown = static_cast<std::size_t>(h);
            step = "H = " + std::to_string(h) + ", comparing heads";
            row.head_differences = head_differences(pass.head_weights, [&](std::size_t i) {
                if (progress) advance((heads_shown - 1 - i) * nn);
            });
        }
        if (work.output) {
            row.output = to_array(pass.output);
            for (const core::Matrix& a : pass.head_weights) row.head_weights.push_back(to_array(a));
        }
        report.rows.push_back(std::move(row));
    }
    return report;
}

}  // namespace attn::experiments
