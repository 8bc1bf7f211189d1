#include "render/json/cost_json.hpp"

#include <utility>

#include "render/cost_text.hpp"
#include "render/json/json_document.hpp"

namespace attn::render {
namespace {

// A figure that only exists from the second length on (growth, t_ratio) or from two lengths
// on (the exponents): null before.
json::Json when(bool present, double value) { return present ? json::Json(value) : json::Json(nullptr); }

}  // namespace

std::string cost_json(const results::CostReport& r, const results::Invocation& invocation, Lang lang) {
    json::Object machine, head;
    machine.value("cpu_model", r.cpu_model).value("dispatch", r.dispatch).value("threads", r.threads);
    head.value("d_model", r.d_model).value("d_head", r.d_head).value("dtype", "float32").value("causal", true);
    std::vector<json::Object> runs, fits, skipped;
    for (const auto& run : r.runs) {
        json::Object o;
        o.value("kernel", run.kernel)
            .value("t", run.t)
            .value("median_s", run.median_s)
            .value("seconds", run.seconds)
            .value("median_cpu_s", run.median_cpu_s)
            .value("cpu_seconds", run.cpu_seconds)
            .value("peak_bytes", run.peak_bytes)
            .value("multiplications", run.multiplications)
            .value("multiplications_formula", run.formula)
            .value("growth", when(run.t_ratio > 0, run.growth))
            .value("t_ratio", when(run.t_ratio > 0, run.t_ratio))
            .value("max_diff_vs_flash", run.max_diff_vs_flash);
        runs.push_back(std::move(o));
    }
    for (const auto& f : r.fits) {
        json::Object o;
        o.value("kernel", f.kernel)
            .value("points", f.points)
            .value("exponent", when(f.points >= 2, f.exponent))
            .value("exponent_cpu", when(f.points >= 2, f.exponent_cpu))
            .value("nearest_order", f.nearest_order > 0 ? json::Json(f.nearest_order) : json::Json(nullptr))
            .value("wall_over_cpu", f.wall_over_cpu)
            .value("busy", cost_busy(f))           // the verdict adds the CPU-time exponent
            // The text's sentence in --lang's language: the one value of any document that
            // depends on the language; the fields above say the same without words.
            .value("verdict", cost_verdict(f, lang));
        fits.push_back(std::move(o));
    }
    for (const auto& s : r.skipped) {
        json::Object o;
        o.value("kernel", s.kernel).value("t", s.t).value("reason", s.reason).value("needed", s.needed).value("limit", s.limit);
        skipped.push_back(std::move(o));
    }
    json::Object data;
    data.object("machine", machine)
        .object("head", head)
        .value("repeats", r.repeats)
        .value("repeat_budget_s", r.repeat_budget_s)
        .objects("runs", runs)
        .objects("fits", fits)
        .objects("skipped", skipped);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
