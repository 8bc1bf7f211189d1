// `attn cost`: the companion lesson's exercise 3 (注意力的代價) as a lab: one attention head at
// several sequence lengths, four kernels, time / memory / multiplications and their growth.
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "core/kernels/kernels.hpp"
#include "experiments/cost.hpp"
#include "render/cost_text.hpp"
#include "render/json/cost_json.hpp"
#include "render/svg/cost_svg.hpp"

namespace attn::cli {
namespace {

// The kernels' names (kernels::kernel_name), in kernels::kKernels' order, joined by `separator`.
std::string kernel_names(const std::string& separator) {
    std::string out;
    for (kernels::Kernel k : kernels::kKernels) out += (out.empty() ? "" : separator) + kernels::kernel_name(k);
    return out;
}

// "naive,flash": each name one of the four kernels (repeats are run once).
std::vector<kernels::Kernel> parse_kernels(const std::string& text) {
    std::vector<kernels::Kernel> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool known = false;
        for (kernels::Kernel k : kernels::kKernels) {
            if (item == kernels::kernel_name(k)) {
                out.push_back(k);
                known = true;
            }
        }
        if (!known) throw UsageError("--kernel", "each name must be one of " + kernel_names(", ") + " (got '" + item + "')");
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

}  // namespace

Command cost_command() {
    using Options = experiments::CostOptions;
    const Options defaults;
    Experiment<Options, results::CostReport> e;
    e.name = "cost";
    e.summary = "The lesson's exercise 3 (注意力的代價): time, memory and multiplications against T";
    e.footer =
        "Runs the lesson's section-5 head (d_model 16, d_head 8, float32, causal; inputs from the\n"
        "lesson's generator stream at each T, as `attn lesson 5 --t T`) with four kernels:\n"
        "  naive      the lesson's code: the T×T scores materialised, masked, softmax, times v\n"
        "  flash      tiled online softmax: never stores T×T, skips tiles the mask empties\n"
        "  kv-cache   decoding token by token with a key/value cache: O(t) per token\n"
        "  recompute  decoding without a cache, rerunning the head on the prefix: O(t²) per token\n"
        "Each cell is the median wall time of --repeats runs (a cell stops repeating once its\n"
        "runs pass 3 s), the peak bytes the kernel's own buffers held, and the multiplications it\n"
        "counted (✓ when equal to its closed form). The exponent is the least-squares slope of\n"
        "log time against log T. A naive run whose T×T scores would not fit (2 GiB, or less\n"
        "memory available) and any run of more than 5e11 multiplications are reported as skipped\n"
        "before anything is allocated; the others still run. Kernels use the architecture's\n"
        "baseline SIMD (sse2 on x86-64, neon on aarch64), one build for every CPU.";
    Option<std::vector<kernels::Kernel>> kernel;
    kernel.flag.name = "--kernel";
    kernel.flag.type_name = "LIST";
    kernel.flag.help = "kernels to run, comma-separated: " + kernel_names(", ");
    kernel.flag.default_text = kernel_names(",");
    for (kernels::Kernel k : kernels::kKernels) kernel.flag.choices.push_back(kernels::kernel_name(k));
    kernel.parse = [](std::vector<kernels::Kernel>& field, const std::string& text) { field = parse_kernels(text); };
    kernel.value = [](const std::vector<kernels::Kernel>& field) {
        std::vector<std::string> names;
        for (kernels::Kernel k : field) names.push_back(kernels::kernel_name(k));
        return results::SettingValue(names);
    };
    Option<Presentation> format = format_flag();
    format.flag.help = "text (table, verdicts, log-log chart) or json (every figure)";
    e.flags = options<Options>({
                  lift(&Options::ts, int_list_flag("--t", "sequence lengths T, comma-separated", defaults.ts,
                                                   range_text(1L, experiments::kMaxCostT), "")),
                  lift(&Options::kernels, kernel),
                  lift(&Options::repeats, int_flag("--repeats", "runs per kernel and length; the median is reported",
                                                   defaults.repeats, range_text(1L, experiments::kMaxRepeats))),
                  lift(&Options::threads, int_flag("--threads", "threads for naive and flash (rows split); decoding stays sequential",
                                                   defaults.threads, range_text(1L, experiments::kMaxThreads))),
              }) +
              presented<Options>({format, lang_flag()}) + pictures<Options>({svg_flag()});
    e.check = [](const Options& o) { experiments::validate(o); };   // before the progress line
    e.progress_label = "attn cost:";
    e.run = experiments::run_cost;
    e.svg = render::svg::cost_svg;
    e.text = render::cost_text;
    e.json = render::cost_json;
    return experiment_command(e);
}

}  // namespace attn::cli
