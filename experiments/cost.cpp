// The lesson's exercise 3 as a lab (see cost.hpp).
#include "experiments/cost.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
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

// attn cost's progress (experiments::Progress) in multiplications. Each cell (kernel, T) is
// planned at the repeats that will run: all of them until a run of that kernel has been timed, then
// as many as the 3 s budget lets through at the kernel's pace so far (seconds per multiplication
// of its latest run; once a cell's first repeat has run, its own). Inside a long run the kernel
// ticks (kernels::Ticks) every 1 % of it, so the line moves during a 10 s recompute too. The plan
// shrinks or grows as the pace is learnt; what is reported is the fraction done of the plan,
// never less than the last one reported, on a fixed scale of kScale units.
class CostProgress {
public:
    static constexpr std::size_t kScale = 1'000'000;
    // A run ticks inside only from this much work on (about 0.1 s and more): shorter runs are
    // measured untouched, reported when they end.
    static constexpr std::uint64_t kTickFrom = 1'000'000'000ULL;

    CostProgress(const Progress& progress, long repeats) : progress_(progress), repeats_(repeats) {}

    void plan(Kernel k, std::uint64_t work) { cells_.push_back({k, work, false, 0, 0}); }

    // The settings of a cell's timed runs: the caller's, with ticks when the run is long.
    kernels::Settings settings_for(const kernels::Settings& base, std::uint64_t work, const std::string& step) {
        kernels::Settings s = base;
        if (!progress_ || work < kTickFrom) return s;
        s.ticks.tick_every = std::max<std::uint64_t>(1, work / 100);
        s.ticks.tick = [this, work, step](std::uint64_t n) {
            const std::uint64_t now = in_run_.fetch_add(n, std::memory_order_relaxed) + n;
            std::lock_guard<std::mutex> lock(mutex_);
            if (now <= in_run_shown_) return;   // another thread has shown more already
            in_run_shown_ = now;
            report(done_ + std::min(now, work), step);
        };
        return s;
    }

    void start_run() {
        in_run_.store(0, std::memory_order_relaxed);
        in_run_shown_ = 0;
    }

    // A timed run of `work` took `seconds`: its work is done, and the pace replans what is left.
    void run_done(Kernel k, std::uint64_t work, double seconds, const std::string& step) {
        if (!progress_) return;
        std::lock_guard<std::mutex> lock(mutex_);
        done_ += work;
        pace_[k] = seconds / static_cast<double>(std::max<std::uint64_t>(work, 1));
        Cell& cell = cells_[current_];
        ++cell.ran;
        if (!cell.timed) {   // its own first repeat: the runs the budget lets through
            cell.timed = true;
            cell.runs = runs_within_budget(seconds);
        }
        report(done_, step);
    }

    // A cell's repeats are over (all of them, or the budget stopped them).
    void cell_done(Kernel, std::uint64_t, const std::string& step) {
        if (!progress_) return;
        std::lock_guard<std::mutex> lock(mutex_);
        ++current_;
        report(done_, step);
    }

private:
    struct Cell {
        Kernel kernel;
        std::uint64_t work;
        bool timed;
        long runs;   // the repeats planned once timed
        long ran;    // the repeats run so far
    };

    long runs_within_budget(double seconds) const {
        // The loop runs one repeat, then more while their total is under the budget.
        if (seconds <= 0) return repeats_;
        const double runs = std::ceil(kRepeatBudgetSeconds / seconds);
        return std::clamp(static_cast<long>(runs), 1L, repeats_);
    }

    // The plan: what is done, the cells under way and ahead at their planned repeats.
    std::uint64_t planned() const {
        std::uint64_t sum = 0;
        for (std::size_t c = 0; c < cells_.size(); ++c) {
            const Cell& cell = cells_[c];
            long runs = repeats_;
            if (c < current_) {
                runs = cell.ran;   // finished: what ran
            } else if (cell.timed) {
                runs = std::max(cell.runs, cell.ran);
            } else if (const auto pace = pace_.find(cell.kernel); pace != pace_.end()) {
                runs = runs_within_budget(pace->second * static_cast<double>(cell.work));
            }
            sum += cell.work * static_cast<std::uint64_t>(runs);
        }
        return sum;
    }

    void report(std::uint64_t done, const std::string& step) {
        const std::uint64_t plan = std::max(planned(), done);
        const auto units = static_cast<std::size_t>(static_cast<double>(kScale) * static_cast<double>(done) /
                                                    static_cast<double>(std::max<std::uint64_t>(plan, 1)));
        const bool last = current_ == cells_.size();
        shown_ = std::max(shown_, last ? kScale : std::min(units, kScale - 1));
        progress_(shown_, kScale, step);
    }

    const Progress& progress_;
    long repeats_;
    std::vector<Cell> cells_;
    std::size_t current_ = 0;        // the cell under way
    std::map<Kernel, double> pace_;  // seconds per multiplication of each kernel's latest run
    std::uint64_t done_ = 0;         // the multiplications of the runs finished
    std::size_t shown_ = 0;          // the units last reported
    std::atomic<std::uint64_t> in_run_{0};   // ticked so far in the run under way
    std::uint64_t in_run_shown_ = 0;
    std::mutex mutex_;
};

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
    r.dispatch = kernels::simd_name();
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

    // Progress in work, not in timed runs: a run's work is its kernel's closed-form multiplications
    // at that T, and a cell (kernel, T) does it once per repeat that will run. The repeats stop at
    // the time budget, so how many will run is planned from the pace so far (docs/pictures.md).
    CostProgress meter(progress, o.repeats);
    for (long t : ts) {
        for (Kernel k : chosen) {
            if (!skip.count({k, t})) meter.plan(k, expected_multiplications(k, t, kLessonModel));
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
            const std::string step = std::string(run.kernel) + ", T = " + std::to_string(t);
            const kernels::Settings timed = meter.settings_for(settings, run.formula, step);
            double total = 0;
            long i = 0;
            for (; i < o.repeats && (i == 0 || total < kRepeatBudgetSeconds); ++i) {
                kernels::Meter meter_of_run;
                meter.start_run();
                const double cpu_start = process_cpu_seconds();
                const auto start = std::chrono::steady_clock::now();
                kernels::Result result = kernels::run(k, in, meter_of_run, timed);
                const auto stop = std::chrono::steady_clock::now();
                run.cpu_seconds.push_back(process_cpu_seconds() - cpu_start);
                const double s = std::chrono::duration<double>(stop - start).count();
                run.seconds.push_back(s);
                total += s;
                run.peak_bytes = meter_of_run.peak();
                run.multiplications = result.multiplications;
                if (i == 0 && k != Kernel::flash) run.max_diff_vs_flash = max_diff(result.out, reference.out);
                meter.run_done(k, run.formula, s, step);
            }
            meter.cell_done(k, run.formula, step);
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
