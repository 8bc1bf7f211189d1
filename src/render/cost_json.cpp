// `attn cost --format json`: every figure of the report, for scripts (nlohmann-json).
// runs: one object per kernel and length {kernel, t, median_s, seconds, median_cpu_s, cpu_seconds, peak_bytes,
// multiplications, multiplications_formula, growth, t_ratio, max_diff_vs_flash}.
#include <nlohmann/json.hpp>

#include "render/cost_text.hpp"

namespace attn::render {

std::string cost_json(const report::CostReport& r) {
    nlohmann::ordered_json j;
    j["machine"] = {{"cpu_model", r.cpu_model}, {"dispatch", r.dispatch}, {"threads", r.threads}};
    j["head"] = {{"d_model", r.d_model}, {"d_head", r.d_head}, {"dtype", "float32"}, {"causal", true}};
    j["repeats"] = r.repeats;
    j["repeat_budget_s"] = r.repeat_budget_s;
    j["runs"] = nlohmann::ordered_json::array();
    for (const auto& run : r.runs) {
        j["runs"].push_back({{"kernel", run.kernel},
                             {"t", run.t},
                             {"median_s", run.median_s},
                             {"seconds", run.seconds},
                             {"median_cpu_s", run.median_cpu_s},
                             {"cpu_seconds", run.cpu_seconds},
                             {"peak_bytes", run.peak_bytes},
                             {"multiplications", run.multiplications},
                             {"multiplications_formula", run.formula},
                             {"growth", run.t_ratio > 0 ? nlohmann::ordered_json(run.growth) : nullptr},
                             {"t_ratio", run.t_ratio > 0 ? nlohmann::ordered_json(run.t_ratio) : nullptr},
                             {"max_diff_vs_flash", run.max_diff_vs_flash}});
    }
    j["fits"] = nlohmann::ordered_json::array();
    for (const auto& f : r.fits) {
        j["fits"].push_back({{"kernel", f.kernel},
                             {"points", f.points},
                             {"exponent", f.points >= 2 ? nlohmann::ordered_json(f.exponent) : nullptr},
                             {"exponent_cpu", f.points >= 2 ? nlohmann::ordered_json(f.exponent_cpu) : nullptr},
                             {"wall_over_cpu", f.wall_over_cpu},
                             {"verdict", cost_verdict(f)}});
    }
    j["skipped"] = nlohmann::ordered_json::array();
    for (const auto& s : r.skipped) {
        j["skipped"].push_back({{"kernel", s.kernel}, {"t", s.t}, {"reason", s.reason}, {"needed", s.needed}, {"limit", s.limit}});
    }
    return j.dump(2) + "\n";
}

}  // namespace attn::render
