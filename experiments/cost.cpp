// The lesson's exercise 3 as a lab (see cost.hpp).
#include "experiments/cost.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include <time.h>

#include "errors.hpp"
#include "core/kernels/dispatch.hpp"
#include "experiments/lesson.hpp"

namespace attn::experiments {
namespace {

using kernels::Kernel;

constexpr std::uint64_t kLessonModel = 16;   // section 5's d_model (x = randn(T, 16))

// MemAvailable from /proc/meminfo, in bytes (0 when it cannot be read).
std::uint64_t memory_available() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

// CPU time of this process (every thread), in seconds.
double process_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double max_diff(const kernels::Buffer& a, const kernels::Buffer& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::fabs(double(a[i]) - double(b[i])));
    return d;
}

}  // namespace

void validate(const CostOptions& o) {
    if (o.ts.empty()) throw UsageError("--t", "needs at least one sequence length");
    for (long t : o.ts) {
        if (t < 1 || t > kMaxCostT) {
            throw UsageError("--t", "each length must be in 1..100000 (got " + std::to_string(t) + ")");
        }
    }
    if (o.repeats < 1 || o.repeats > kMaxRepeats) {
        throw UsageError("--repeats", "must be in 1..100 (got " + std::to_string(o.repeats) + ")");
    }
    if (o.threads < 1 || o.threads > kMaxThreads) {
        throw UsageError("--threads", "must be in 1..64 (got " + std::to_string(o.threads) + ")");
    }
    if (o.kernels.empty()) throw UsageError("--kernel", "needs at least one of naive, flash, kv-cache, recompute");
}

double fit_exponent(const std::vector<double>& t, const std::vector<double>& seconds) {
    // p = Σ (x - x̄)(y - ȳ) / Σ (x - x̄)², x = log t, y = log seconds.
    const std::size_t n = t.size();
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += std::log(t[i]);
        my += std::log(seconds[i]);
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double dx = std::log(t[i]) - mx;
        sxy += dx * (std::log(seconds[i]) - my);
        sxx += dx * dx;
    }
    return sxy / sxx;
}

int nearest_order(double p) {
    for (int order : {1, 2, 3}) {
        if (std::fabs(p - order) <= 0.25) return order;
    }
    return 0;
}

std::uint64_t expected_multiplications(Kernel k, std::uint64_t t, std::uint64_t dm) {
    const std::uint64_t dh = kernels::kHead;
    const std::uint64_t projections = 3 * t * dm * dh;   // x W_q, x W_k, x W_v
    switch (k) {
        case Kernel::naive: return projections + 2 * t * t * dh;   // q kᵀ and weights v, all T×T
        case Kernel::flash:
        case Kernel::kv_cache: return projections + t * (t + 1) * dh;   // the T(T+1)/2 kept pairs, twice
        case Kernel::recompute: {
            std::uint64_t sum = 0;   // the whole causal head again on every prefix 1..T
            for (std::uint64_t n = 1; n <= t; ++n) sum += 3 * n * dm * dh + n * (n + 1) * dh;
            return sum;
        }
    }
    return 0;
}

std::uint64_t naive_scores_bytes(std::uint64_t t) { return t * kernels::padded(t) * sizeof(float); }

results::CostReport run_cost(const CostOptions& o, const Progress& progress) {
    validate(o);
    std::vector<long> ts = o.ts;
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    std::vector<Kernel> chosen;
    for (Kernel k : o.kernels) {
        if (std::find(chosen.begin(), chosen.end(), k) == chosen.end()) chosen.push_back(k);
    }

    kernels::Settings settings;
    settings.threads = static_cast<unsigned>(o.threads);
    results::CostReport r;
    r.cpu_model = kernels::cpu_model();
    r.dispatch = kernels::level_name(settings.level);
    r.threads = o.threads;
    r.repeats = o.repeats;
    r.repeat_budget_s = kRepeatBudgetSeconds;
    r.d_model = static_cast<long>(kLessonModel);
    r.d_head = static_cast<long>(kernels::kHead);
    std::uint64_t memory_limit = o.memory_limit;
    if (memory_limit == 0) {
        const std::uint64_t available = memory_available();
        memory_limit = available ? std::min(kMaxRunBytes, available) : kMaxRunBytes;
    }

    // Said before anything is allocated: which runs would not fit or would take too long.
    std::map<std::pair<Kernel, long>, bool> skip;
    for (Kernel k : chosen) {
        for (long t : ts) {
            const std::uint64_t work = expected_multiplications(k, t, kLessonModel);
            if (k == Kernel::naive && naive_scores_bytes(t) > memory_limit) {
                r.skipped.push_back({kernels::kernel_name(k), t, "memory", naive_scores_bytes(t), memory_limit});
                skip[{k, t}] = true;
            } else if (work > kMaxMultiplications) {
                r.skipped.push_back({kernels::kernel_name(k), t, "work", work, kMaxMultiplications});
                skip[{k, t}] = true;
            }
        }
    }

    // Each run is capped above, and so is the sum over the --t list and the kernels (their first
    // repeats; later ones stop at the time budget): refused before anything is allocated.
    std::uint64_t work_sum = 0;
    for (Kernel k : chosen) {
        for (long t : ts) {
            if (!skip.count({k, t})) work_sum += expected_multiplications(k, t, kLessonModel);
        }
    }
    if (work_sum > kMaxMultiplications) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(work_sum));
        throw UsageError("--t", std::string("the runs of the list together would do ") + buf +
                                    " multiplications; the limit is 5e11 for all of them, as for each run");
    }

    // The progress measure: each run's closed-form multiplications, times the repeats asked for.
    std::uint64_t work_total = 0, work_done = 0;
    for (Kernel k : chosen) {
        for (long t : ts) {
            if (!skip.count({k, t})) {
                work_total += expected_multiplications(k, t, kLessonModel) * static_cast<std::uint64_t>(o.repeats);
            }
        }
    }

    std::map<Kernel, std::vector<std::size_t>> by_kernel;   // indices into r.runs
    for (long t : ts) {
        std::vector<Kernel> here;
        for (Kernel k : chosen) {
            if (!skip.count({k, t})) here.push_back(k);
        }
        if (here.empty()) continue;
        const LessonHead h = lesson_head_inputs(t);
        const kernels::Head in{h.x.data.data(), h.x.rows, h.x.cols, h.w_q.data.data(), h.w_k.data.data(),
                               h.w_v.data.data()};
        kernels::Meter reference_meter;   // flash's output (untimed), for the agreement column
        kernels::Result reference;
        if (here != std::vector<Kernel>{Kernel::flash}) reference = kernels::flash(in, reference_meter, settings);
        for (Kernel k : here) {
            results::CostRun run;
            run.kernel = kernels::kernel_name(k);
            run.t = t;
            run.formula = expected_multiplications(k, t, h.x.cols);
            double total = 0;
            long i = 0;
            for (; i < o.repeats && (i == 0 || total < kRepeatBudgetSeconds); ++i) {
                kernels::Meter meter;
                const double cpu_start = process_cpu_seconds();
                const auto start = std::chrono::steady_clock::now();
                kernels::Result result = kernels::run(k, in, meter, settings);
                const auto stop = std::chrono::steady_clock::now();
                run.cpu_seconds.push_back(process_cpu_seconds() - cpu_start);
                const double s = std::chrono::duration<double>(stop - start).count();
                run.seconds.push_back(s);
                total += s;
                run.peak_bytes = meter.peak();
                run.multiplications = result.multiplications;
                if (i == 0 && k != Kernel::flash) run.max_diff_vs_flash = max_diff(result.out, reference.out);
                work_done += run.formula;
                if (progress) progress(work_done, work_total);
            }
            if (i < o.repeats) {   // stopped early by the time budget: the rest count as done
                work_done += run.formula * static_cast<std::uint64_t>(o.repeats - i);
                if (progress) progress(work_done, work_total);
            }
            run.median_s = median(run.seconds);
            run.median_cpu_s = median(run.cpu_seconds);
            by_kernel[k].push_back(r.runs.size());
            r.runs.push_back(run);
        }
    }

    // Kernel by kernel, lengths ascending; growth against the previous length that ran.
    std::vector<results::CostRun> ordered;
    for (Kernel k : chosen) {
        std::vector<double> t_values, times, cpu_times;
        double wall_over_cpu = 0;
        for (std::size_t idx : by_kernel[k]) {
            results::CostRun run = r.runs[idx];
            if (!t_values.empty()) {
                run.growth = run.median_s / times.back();
                run.t_ratio = static_cast<double>(run.t) / t_values.back();
            }
            t_values.push_back(static_cast<double>(run.t));
            times.push_back(std::max(run.median_s, 1e-9));   // a 0 s clock reading would break log
            cpu_times.push_back(std::max(run.median_cpu_s, 1e-9));
            wall_over_cpu = std::max(wall_over_cpu, run.median_s / std::max(run.median_cpu_s, 1e-9));
            ordered.push_back(run);
        }
        if (t_values.empty()) continue;
        results::CostFit fit;
        fit.kernel = kernels::kernel_name(k);
        fit.points = static_cast<int>(t_values.size());
        if (fit.points >= 2) {
            fit.exponent = fit_exponent(t_values, times);
            fit.nearest_order = nearest_order(fit.exponent);
            fit.exponent_cpu = fit_exponent(t_values, cpu_times);
        }
        if (o.threads == 1) fit.wall_over_cpu = wall_over_cpu;
        r.fits.push_back(fit);
    }
    r.runs = ordered;
    return r;
}

}  // namespace attn::experiments
