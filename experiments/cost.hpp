#pragma once
// `attn cost`: the companion lesson's exercise 3 (注意力的代價) as a lab. Section 5's head
// (d_model 16, d_head 8, float32, causal, inputs from the lesson's generator stream at each T) is
// run by each chosen kernel (src/core/kernels/) at each length; for each the median wall time
// over repeats, the peak memory its buffers held, the multiplications it counted; then the
// growth ratio between lengths and the fitted exponent of time against T.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/kernels/kernels.hpp"
#include "experiments/progress.hpp"
#include "results/cost_report.hpp"

namespace attn::experiments {

inline constexpr long kMaxCostT = 100000;     // --t: the house's bound on N
inline constexpr long kMaxRepeats = 100;      // --repeats
inline constexpr long kMaxThreads = 64;       // --threads
inline constexpr double kRepeatBudgetSeconds = 3.0;   // repeats stop once a run's total passes this
// No single run of more multiplications than this is started (minutes of work): recompute's
// O(T³) passes it just above T = 5700.
inline constexpr std::uint64_t kMaxMultiplications = 500'000'000'000ULL;
// The most memory one run may take (the house's 2 GiB per run), further capped by MemAvailable.
inline constexpr std::uint64_t kMaxRunBytes = 2ULL << 30;

struct CostOptions {
    std::vector<kernels::Kernel> kernels = {kernels::Kernel::naive, kernels::Kernel::flash,
                                            kernels::Kernel::kv_cache, kernels::Kernel::recompute};
    std::vector<long> ts = {1000, 2000, 4000};   // run in ascending order, each once
    long repeats = 3;
    long threads = 1;
    std::uint64_t memory_limit = 0;   // 0: min(kMaxRunBytes, MemAvailable); tests set it lower
};

// Throws attn::UsageError naming the flag: --t entries outside 1..kMaxCostT or none, --repeats
// outside 1..kMaxRepeats, --threads outside 1..kMaxThreads, --kernel empty.
void validate(const CostOptions& options);
// `progress` is called after each timed run with (work done, work in the whole sweep), the work
// of a run being its kernel's closed-form multiplications at that T times the repeats asked for;
// a cell that stops repeating early (past kRepeatBudgetSeconds) counts its remaining repeats as
// done. The CLI passes one only when stderr is a terminal (docs/pictures.md).
results::CostReport run_cost(const CostOptions& options, const Progress& progress = {});

// Least-squares slope of log(seconds) against log(t): the p of seconds ≈ c·t^p.
// Needs two or more distinct t and positive times.
double fit_exponent(const std::vector<double>& t, const std::vector<double>& seconds);
// 1, 2 or 3 when the exponent is within 0.25 of it, else 0.
int nearest_order(double exponent);

// Closed forms of each kernel's multiplications (checked against the kernels' own counts).
std::uint64_t expected_multiplications(kernels::Kernel k, std::uint64_t t, std::uint64_t d_model);
// Bytes the naive kernel's T×T scores take (rows padded to whole tiles), checked before running.
std::uint64_t naive_scores_bytes(std::uint64_t t);

}  // namespace attn::experiments
