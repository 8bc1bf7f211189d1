#pragma once
// What `attn cost` measures (the lesson's exercise 3, 注意力的代價); rendered as text by
// render/cost_text and as JSON by render/cost_json.
#include <cstdint>
#include <string>
#include <vector>

namespace attn::results {

// One kernel at one sequence length.
struct CostRun {
    std::string kernel;                  // "naive", "flash", "kv-cache", "recompute"
    long t = 0;                          // sequence length T
    std::vector<double> seconds;         // wall time of each repeat (the kernel's allocations included)
    double median_s = 0;                 // median of `seconds`
    std::vector<double> cpu_seconds;     // CPU time of the process over each repeat (all threads)
    double median_cpu_s = 0;             // median of `cpu_seconds`: wall time less waiting for a
                                         // core on a busy machine
    std::uint64_t peak_bytes = 0;        // most bytes the kernel's own buffers held at once
    std::uint64_t multiplications = 0;   // counted by the kernel as it ran
    std::uint64_t formula = 0;           // the same from the closed form for this kernel
    double growth = 0;                   // median_s / the previous length's median_s (0: first)
    double t_ratio = 0;                  // t / the previous length (0: first)
    double max_diff_vs_flash = 0;        // max |out - flash's out| at this T (0 for flash itself)
};

// The fitted exponent p of time ≈ c·T^p for one kernel (least squares on log T, log median).
struct CostFit {
    std::string kernel;
    int points = 0;          // lengths measured; p needs at least 2
    double exponent = 0;     // from the median wall times
    int nearest_order = 0;   // 1, 2 or 3 when |p - order| <= 0.25 (約按線性/平方/立方增長), else 0
    double exponent_cpu = 0;        // the same fit on the median CPU times
    double wall_over_cpu = 0;       // largest median wall / CPU time among this kernel's lengths
                                    // (single thread); well above 1 means the machine was busy
};

// A kernel at a length that was not run, and why (said before any memory was taken).
struct CostSkip {
    std::string kernel;
    long t = 0;
    std::string reason;              // "memory" or "work"
    std::uint64_t needed = 0;        // bytes (memory) or multiplications (work)
    std::uint64_t limit = 0;         // the limit it exceeds
};

struct CostReport {
    std::string cpu_model;           // /proc/cpuinfo's model name
    std::string dispatch;            // instruction set the kernels ran with
    long threads = 1;
    long repeats = 0;                // asked for; a run stops early past its time budget
    double repeat_budget_s = 0;      // ... which is this many seconds
    long d_model = 16, d_head = 8;
    std::vector<CostRun> runs;       // kernel by kernel, T ascending
    std::vector<CostFit> fits;       // one per kernel that ran
    std::vector<CostSkip> skipped;
};

}  // namespace attn::results
