// `attn multihead`: chapter section 5 (多頭), parameters and multiplications against H.
#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "experiments/checks.hpp"
#include "experiments/multihead.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/multihead_json.hpp"
#include "render/multihead_text.hpp"
#include "render/svg/multihead_svg.hpp"

namespace attn::cli {

Command multihead_command() {
    using Options = experiments::MultiheadOptions;
    using Report = results::MultiheadReport;
    const Options defaults;
    Experiment<Options, Report> e;
    e.name = "multihead";
    e.summary = "Section 5 (多頭): parameters and multiplications against the head count H";
    e.footer =
        "Replays chapter section 5 (the reference script multihead.py), byte for byte.\n"
        "The counts come from the shapes of the products a pass runs; the heads' values are drawn\n"
        "and computed only when --heatmap or --with-outputs shows them.\n"
        "--h chooses the printed rows; values not in the sweep are appended to it.";
    e.flags = options<Options>({
                  lift(&Options::seed, seed_flag(defaults.seed)),
                  lift(&Options::d, int_flag("--d", "model width D", defaults.d, dimension_range())),
                  lift(&Options::n, int_flag("--n", "positions N", defaults.n, dimension_range())),
                  lift(&Options::sweep, int_list_flag("--sweep", "head counts run in order; each divides D",
                                                      defaults.sweep, "1..D", "")),
                  lift(&Options::shown, int_list_flag("--h", "head counts to print", defaults.shown, "1..D",
                                                      "the whole sweep")),
              }) +
              pictures<Options>(heatmap_flags()) + pictures<Options>({svg_flag()}) +
              presented<Options>(presentation_flags() + std::vector{with_outputs_flag()});
    e.shown = [](Options& o, const Pictures& pictures, const Presentation& p) {
        o.with_outputs = p.with_outputs;
        o.head_differences = pictures.heatmap;
        if (!pictures.heatmap) return;
        for (long h : o.shown.empty() ? o.sweep : o.shown) {   // an (H, H) map per shown row
            if (h > kMaxPictureSide) {
                throw UsageError("--heatmap", "the heads' map is drawn for H in 1.." + std::to_string(kMaxPictureSide) +
                                                  " heads (got H=" + std::to_string(h) + ")");
            }
        }
    };
    e.run = [](const experiments::MultiheadOptions& o, const experiments::Progress& progress) {
        return experiments::run_multihead(o, progress);
    };
    e.progress_label = "attn multihead:";
    e.svg = render::svg::multihead_svg;
    e.text = render::multihead_text;
    e.json = any_lang(render::multihead_json);
    e.heatmaps = render::multihead_heatmaps;
    e.as_run = sweep_as_run<Report>("--h");
    return experiment_command(e);
}

}  // namespace attn::cli
