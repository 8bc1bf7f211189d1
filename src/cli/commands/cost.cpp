// `attn cost`: the companion lesson's exercise 3 (注意力的代價) as a lab: one attention head at
// several sequence lengths, four kernels, time / memory / multiplications and their growth.
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "cli/progress.hpp"
#include "errors.hpp"
#include "core/kernels/kernels.hpp"
#include "experiments/cost.hpp"
#include "render/cost_text.hpp"
#include "render/json/cost_json.hpp"
#include "render/svg/cost_svg.hpp"

namespace attn::cli {
namespace {

const std::vector<std::string> kKernelNames = {"naive", "flash", "kv-cache", "recompute"};

// "naive,flash": each name one of the four kernels (repeats are run once).
std::vector<kernels::Kernel> parse_kernels(const std::string& text) {
    std::vector<kernels::Kernel> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool known = false;
        for (std::size_t i = 0; i < kKernelNames.size(); ++i) {
            if (item == kKernelNames[i]) {
                out.push_back(static_cast<kernels::Kernel>(i));
                known = true;
            }
        }
        if (!known) {
            throw UsageError("--kernel", "each name must be one of naive, flash, kv-cache, recompute (got '" + item + "')");
        }
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

}  // namespace

Command cost_command() {
    auto o = std::make_shared<experiments::CostOptions>();
    auto pres = std::make_shared<Presentation>();
    auto p = std::make_shared<Pictures>();
    Command c;
    c.name = "cost";
    c.summary = "The lesson's exercise 3 (注意力的代價): time, memory and multiplications against T";
    c.footer =
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
        "before anything is allocated; the others still run. Kernels use SIMD chosen at run time\n"
        "for this CPU (sse2, avx2+fma or avx512f; neon on aarch64).";
    Flag kernel;
    kernel.name = "--kernel";
    kernel.type_name = "LIST";
    kernel.help = "kernels to run, comma-separated: naive, flash, kv-cache, recompute";
    kernel.default_text = "naive,flash,kv-cache,recompute";
    kernel.choices = kKernelNames;
    kernel.parse = [o](const std::string& text) { o->kernels = parse_kernels(text); };
    kernel.value = [o] {
        std::vector<std::string> names;
        for (kernels::Kernel k : o->kernels) names.push_back(kKernelNames.at(static_cast<std::size_t>(k)));
        return report::SettingValue(names);
    };
    Flag fmt = format_flag(*pres);
    fmt.help = "text (table, verdicts, log-log chart) or json (every figure)";
    c.flags = {
        int_list_flag("--t", "sequence lengths T, comma-separated", o->ts,
                      range_text(1L, experiments::kMaxCostT), ""),
        kernel,
        int_flag("--repeats", "runs per kernel and length; the median is reported", o->repeats,
                 range_text(1L, experiments::kMaxRepeats)),
        int_flag("--threads", "threads for naive and flash (rows split); decoding stays sequential",
                 o->threads, range_text(1L, experiments::kMaxThreads)),
        fmt,
        lang_flag(*pres),
        svg_flag(*p),
    };
    c.run = [o, pres, p, flags = c.flags] {
        apply_language_environment(*pres);
        experiments::validate(*o);
        report::CostReport r;
        {
            StderrProgress progress("attn cost:");
            o->progress = progress.callback();
            r = experiments::run_cost(*o);
        }
        if (!p->svg.empty()) write_svg(*p, render::svg::cost_svg(r));
        write_stdout(pres->format == Format::json ? render::cost_json(r, invocation("cost", flags), pres->lang)
                                                  : render::cost_text(r, pres->lang));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
