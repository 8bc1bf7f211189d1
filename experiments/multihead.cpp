// Section 5 (多頭): H heads of width D/H cost the same parameters and multiplications as one
// head of width D; the counts come from the products the core actually runs.
#include "experiments/multihead.hpp"

#include <algorithm>

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "errors.hpp"
#include "experiments/checks.hpp"
#include "experiments/scaling.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {

void validate(const MultiheadOptions& o) {
    require_in_range("--d", o.d, 1, kMaxDimension);
    require_in_range("--n", o.n, 1, kMaxDimension);
    require_list("--sweep", o.sweep, 1, o.d);
    require_list("--h", o.shown, 1, o.d, /*allow_empty=*/true);
    for (long h : effective_sweep(o.sweep, o.shown)) {
        if (o.d % h != 0) {
            const std::string flag = std::find(o.sweep.begin(), o.sweep.end(), h) != o.sweep.end()
                                         ? "--sweep" : "--h";
            throw UsageError(flag, "each head count H must divide D = " + std::to_string(o.d) +
                                       " (got " + std::to_string(h) + ")");
        }
    }
    // Peak: S (N×N, reused by every head); X, the stacked heads, the output, Q, K, V (at most
    // D×N each); every head's Ωq, Ωk, Ωv and Ωc (4 D×D).
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n);
    require_memory(peak_bytes(n * n + 6 * d * n + 4 * d * d),
                   "--d " + std::to_string(o.d) + " --n " + std::to_string(o.n));
}

report::MultiheadReport run_multihead(const MultiheadOptions& o) {
    validate(o);
    const std::vector<long> shown = o.shown.empty() ? o.sweep : o.shown;
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    rng::NumpyGenerator rng = make_generator(o.seed);
    const core::Matrix x = core::normal_matrix(rng, 0.0, 1.0, d, n);
    report::MultiheadReport report;
    report.sweep = effective_sweep(o.sweep, o.shown);
    report.shown = shown;
    for (long h : report.sweep) {
        const std::size_t width = d / static_cast<std::size_t>(h);
        // Per head Ωq, Ωk, Ωv (D/H, D) ~ N(0, 0.2); then Ωc (D, D): the chapter's draw order.
        std::vector<core::HeadWeights> heads(static_cast<std::size_t>(h));
        for (auto& w : heads) {
            w.omega_q = core::normal_matrix(rng, 0.0, 0.2, width, d);
            w.omega_k = core::normal_matrix(rng, 0.0, 0.2, width, d);
            w.omega_v = core::normal_matrix(rng, 0.0, 0.2, width, d);
        }
        const core::Matrix omega_c = core::normal_matrix(rng, 0.0, 0.2, d, d);
        const core::MultiheadPass pass = core::multihead_attention(x, heads, omega_c);
        if (std::find(shown.begin(), shown.end(), h) == shown.end()) continue;
        report.rows.push_back({h, static_cast<long>(width), pass.parameters, pass.multiplications,
                               {pass.output.shape(0), pass.output.shape(1)}});
    }
    return report;
}

}  // namespace attn::experiments
