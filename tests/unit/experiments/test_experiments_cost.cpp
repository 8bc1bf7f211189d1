// `attn cost` (the lesson's exercise 3): the exponent fit on synthetic timings, the ranges, the
// runs it refuses before allocating, that its head is the lesson's head, and its renderers.
// Nothing here is timed: the timings below are made up, or only checked to exist.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "errors.hpp"
#include "core/kernels/kernels.hpp"
#include "experiments/cost.hpp"
#include "experiments/lesson.hpp"
#include "render/cost_text.hpp"
#include "render/json/cost_json.hpp"

using namespace attn::experiments;
using attn::kernels::Kernel;

TEST_CASE("fit_exponent recovers p from synthetic timings c·T^p, and nearest_order names it") {
    const std::vector<double> t = {1000, 2000, 4000};
    for (double p : {1.0, 2.0, 3.0, 1.5}) {
        std::vector<double> s;
        for (double x : t) s.push_back(3e-9 * std::pow(x, p));
        CHECK(fit_exponent(t, s) == doctest::Approx(p).epsilon(1e-12));
    }
    // Noisy quadratic: ±5% on each time still fits within 0.1 of 2 (least squares over 4 points).
    const std::vector<double> t4 = {500, 1000, 2000, 4000};
    const std::vector<double> noisy = {0.25 * 1.05, 1.0 * 0.95, 4.0 * 1.04, 16.0 * 0.97};
    const double p = fit_exponent(t4, noisy);
    CHECK(std::fabs(p - 2.0) < 0.1);
    CHECK(nearest_order(p) == 2);
    CHECK(nearest_order(1.74) == 0);
    CHECK(nearest_order(1.76) == 2);
    CHECK(nearest_order(3.25) == 3);
    CHECK(nearest_order(0.5) == 0);
}

TEST_CASE("cost options out of range are refused naming the flag") {
    auto refused = [](CostOptions o, const std::string& flag) {
        try {
            validate(o);
        } catch (const attn::UsageError& e) {
            return e.flag == flag;
        }
        return false;
    };
    CostOptions o;
    o.ts = {0};
    CHECK(refused(o, "--t"));
    o.ts = {100001};
    CHECK(refused(o, "--t"));
    o.ts = {};
    CHECK(refused(o, "--t"));
    o = CostOptions{};
    o.repeats = 0;
    CHECK(refused(o, "--repeats"));
    o.repeats = 101;
    CHECK(refused(o, "--repeats"));
    o = CostOptions{};
    o.threads = 0;
    CHECK(refused(o, "--threads"));
    o.threads = 65;
    CHECK(refused(o, "--threads"));
    o = CostOptions{};
    o.kernels = {};
    CHECK(refused(o, "--kernel"));
    o = CostOptions{};
    o.ts = {1, 100000};
    o.repeats = 100;
    o.threads = 64;
    CHECK_NOTHROW(validate(o));   // the bounds themselves are allowed
}

TEST_CASE("a naive run that would not fit is reported as skipped and the other kernels still run") {
    CostOptions o;
    o.ts = {300, 600};
    o.repeats = 1;
    o.kernels = {Kernel::naive, Kernel::flash};
    o.memory_limit = naive_scores_bytes(300);   // 300 fits exactly, 600 does not
    const auto r = run_cost(o);
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].kernel == "naive");
    CHECK(r.skipped[0].t == 600);
    CHECK(r.skipped[0].reason == "memory");
    CHECK(r.skipped[0].needed == 600ULL * 640 * 4);
    REQUIRE(r.runs.size() == 3);   // naive 300, flash 300, flash 600
    CHECK(r.runs[0].kernel == "naive");
    CHECK(r.runs[2].kernel == "flash");
    CHECK(r.runs[2].t == 600);
}

TEST_CASE("recompute beyond the work limit is skipped without being started") {
    CostOptions o;
    o.ts = {6000};
    o.kernels = {Kernel::recompute};
    const auto r = run_cost(o);
    CHECK(r.runs.empty());
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].reason == "work");
    CHECK(r.skipped[0].needed == expected_multiplications(Kernel::recompute, 6000, 16));
    CHECK(r.skipped[0].needed > kMaxMultiplications);
}

TEST_CASE("a small sweep: every kernel counts its closed form, agrees with flash, grows with T") {
    CostOptions o;
    o.ts = {256, 64, 128, 128};   // sorted and deduplicated
    o.repeats = 2;
    const auto r = run_cost(o);
    REQUIRE(r.runs.size() == 12);
    for (const auto& run : r.runs) {
        CAPTURE(run.kernel);
        CAPTURE(run.t);
        CHECK(run.multiplications == run.formula);
        CHECK(run.peak_bytes > 0);
        CHECK(run.seconds.size() >= 1);
        CHECK(run.cpu_seconds.size() == run.seconds.size());
        CHECK(run.max_diff_vs_flash < 1e-6);
    }
    CHECK(r.runs[0].t == 64);
    CHECK(r.runs[1].t == 128);
    CHECK(r.runs[1].t_ratio == 2.0);
    CHECK(r.runs[0].t_ratio == 0.0);
    REQUIRE(r.fits.size() == 4);
    for (const auto& f : r.fits) CHECK(f.points == 3);
    // naive holds the T×T scores: its peak grows about 4x per doubling of T; flash's about 2x.
    CHECK(r.runs[2].peak_bytes > 3 * r.runs[1].peak_bytes);
    CHECK(r.runs[5].peak_bytes < 3 * r.runs[4].peak_bytes);
}

TEST_CASE("progress: after every timed run and cell, never backwards, naming the step, ending at the whole") {
    CostOptions o;
    o.ts = {16, 32};
    o.kernels = {Kernel::naive, Kernel::recompute};
    o.repeats = 3;
    struct Call {
        std::size_t done, total;
        std::string step;
    };
    std::vector<Call> calls;
    const auto r = run_cost(o, [&](std::size_t done, std::size_t total, const std::string& step) {
        calls.push_back({done, total, step});
    });
    std::size_t timed = 0;
    for (const auto& run : r.runs) timed += run.seconds.size();
    // One per timed run and one as each cell ends (the runs are microseconds: no ticks inside).
    REQUIRE(calls.size() == timed + r.runs.size());
    for (std::size_t i = 0; i < calls.size(); ++i) {
        CHECK(calls[i].total == calls.front().total);
        if (i > 0) CHECK(calls[i].done >= calls[i - 1].done);
        CHECK(calls[i].done <= calls[i].total);
    }
    CHECK(calls.back().done == calls.back().total);   // the end, and only the end, is the whole
    for (std::size_t i = 0; i + 1 < calls.size(); ++i) CHECK(calls[i].done < calls[i].total);
    // The steps in the order the cells run: lengths ascending, the kernels at each.
    std::vector<std::string> steps;
    for (const Call& c : calls) {
        if (steps.empty() || steps.back() != c.step) steps.push_back(c.step);
    }
    CHECK(steps == std::vector<std::string>{"naive, T = 16", "recompute, T = 16", "naive, T = 32", "recompute, T = 32"});
    // Each timed run moves the line on by about its share of the work (here every repeat runs).
    std::uint64_t total = 0;
    for (Kernel k : o.kernels) {
        for (long t : o.ts) total += 3 * expected_multiplications(k, static_cast<std::uint64_t>(t), 16);
    }
    const double first = static_cast<double>(expected_multiplications(Kernel::naive, 16, 16)) / static_cast<double>(total);
    CHECK(static_cast<double>(calls[0].done) / static_cast<double>(calls[0].total) == doctest::Approx(first).epsilon(1e-3));
}

TEST_CASE("the naive kernel on the lesson's stream at T = 5 equals section 5's output within 1e-6") {
    LessonOptions lesson;
    lesson.sections = {5};
    const auto want = run_lesson(lesson).head_output.values;
    const LessonHead h = lesson_head_inputs(5);
    attn::kernels::Meter meter;
    const attn::kernels::Head in{h.x.data.data(), 5, 16, h.w_q.data.data(), h.w_k.data.data(), h.w_v.data.data()};
    const auto out = attn::kernels::naive(in, meter, {}).out;
    REQUIRE(want.size() == 40);
    double worst = 0;
    for (std::size_t i = 0; i < 40; ++i) worst = std::max(worst, std::fabs(double(out[i]) - want[i]));
    CHECK(worst < 1e-6);
    // and the lesson's stream at T = 7 starts from a different x (x = randn(T, 16) draws T rows)
    CHECK(lesson_head_inputs(7).x.rows == 7);
}

TEST_CASE("the cost renderers: a verdict in the chapter's language, JSON runs scripts can read") {
    attn::results::CostReport r;
    r.cpu_model = "test cpu";
    r.dispatch = "sse2";
    r.repeats = 3;
    for (long t : {1000, 2000, 4000}) {
        attn::results::CostRun run;
        run.kernel = "naive";
        run.t = t;
        run.median_s = 1e-9 * double(t) * double(t);
        run.seconds = {run.median_s};
        run.peak_bytes = 4ULL * t * t;
        run.multiplications = run.formula = 16ULL * t * t;
        r.runs.push_back(run);
    }
    r.fits.push_back({"naive", 3, 1.98, 2});
    r.fits.push_back({"flash", 1, 0, 0});
    r.skipped.push_back({"naive", 50000, "memory", 10000000000ULL, 2147483648ULL});
    CHECK(attn::render::cost_verdict(r.fits[0], attn::render::Lang::zh_TW) == "約按平方增長：指數 1.98");
    CHECK(attn::render::cost_verdict(r.fits[1], attn::render::Lang::zh_TW) == "只量了一個長度，無法估計增長指數");
    attn::results::CostFit busy{"recompute", 3, 2.41, 0, 3.02, 3.5};
    CHECK(attn::render::cost_verdict(busy, attn::render::Lang::zh_TW) ==
          "增長指數 2.41，不接近線性、平方或立方（機器忙碌：牆上時間最多是 CPU 時間的 3.5 倍；以 CPU 時間計，指數 3.02）");
    const std::string text = attn::render::cost_text(r, attn::render::Lang::zh_TW);
    CHECK(text.find("約按平方增長：指數 1.98") != std::string::npos);
    CHECK(text.find("naive 在 T=50000 不執行") != std::string::npos);
    CHECK(text.find("log-log") != std::string::npos);
    const auto doc = nlohmann::json::parse(attn::render::cost_json(r, {"0.0.0", "cost", {}}, attn::render::Lang::zh_TW));
    CHECK(doc["command"] == "cost");
    const auto& j = doc["data"];
    REQUIRE(j["runs"].size() == 3);
    CHECK(j["runs"][2]["kernel"] == "naive");
    CHECK(j["runs"][2]["t"] == 4000);
    CHECK(j["runs"][2]["median_s"].get<double>() == doctest::Approx(0.016));
    CHECK(j["runs"][2]["peak_bytes"] == 64000000);
    CHECK(j["runs"][2]["multiplications"] == 256000000);
    CHECK(j["machine"]["dispatch"] == "sse2");
    CHECK(j["machine"]["cpu_model"] == "test cpu");
    CHECK(j["fits"][0]["verdict"] == "約按平方增長：指數 1.98");
    CHECK(j["fits"][0]["nearest_order"] == 2);
    CHECK(j["fits"][0]["busy"] == false);
    CHECK(j["fits"][1]["exponent"].is_null());
    CHECK(j["skipped"][0]["reason"] == "memory");

    // --lang en: the same figures in English; in JSON only the verdict sentences change
    using attn::render::Lang;
    CHECK(attn::render::cost_verdict(r.fits[0], Lang::en) == "roughly quadratic: exponent 1.98");
    CHECK(attn::render::cost_verdict(r.fits[1], Lang::en) == "only one length measured: no growth exponent");
    CHECK(attn::render::cost_verdict(busy, Lang::en) ==
          "growth exponent 2.41, not close to linear, quadratic or cubic (machine busy: wall time up to "
          "3.5 times the CPU time; by CPU time, exponent 3.02)");
    CHECK(attn::render::cost_busy(busy));
    attn::results::CostFit cubic{"recompute", 2, 3.1, 3, 3.0, 1.0}, linear{"kv-cache", 2, 0.97, 1, 1.0, 1.25};
    CHECK(attn::render::cost_verdict(cubic, Lang::en) == "roughly cubic: exponent 3.10");
    CHECK(attn::render::cost_verdict(linear, Lang::en) == "roughly linear: exponent 0.97");   // 1.25: not busy
    const std::string english = attn::render::cost_text(r, Lang::en);
    CHECK(english.find("naive at T=50000 not run: the T×T scores need 9.31 GiB, more than the 2.00 GiB") !=
          std::string::npos);
    CHECK(english.find("\n  naive  roughly quadratic: exponent 1.98\n") != std::string::npos);
    CHECK(english.find("kernel     T  median time") != std::string::npos);
    CHECK(english.find("Time against T on log-log axes") != std::string::npos);
    CHECK(std::count(english.begin(), english.end(), '\n') == std::count(text.begin(), text.end(), '\n'));
    auto en_doc = nlohmann::json::parse(attn::render::cost_json(r, {"0.0.0", "cost", {}}, Lang::en));
    CHECK(en_doc["data"]["fits"][0]["verdict"] == "roughly quadratic: exponent 1.98");
    auto zh_doc = doc;
    for (auto* d : {&en_doc, &zh_doc})
        for (auto& f : (*d)["data"]["fits"]) f.erase("verdict");
    CHECK(en_doc == zh_doc);
}
