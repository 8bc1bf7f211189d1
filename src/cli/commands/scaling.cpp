// `attn scaling`: chapter section 4 (兩塊補丁), softmax saturation against Dq.
#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "experiments/checks.hpp"
#include "experiments/scaling.hpp"
#include "render/json/scaling_json.hpp"
#include "render/scaling_text.hpp"
#include "render/svg/scaling_svg.hpp"

namespace attn::cli {

Command scaling_command() {
    using Options = experiments::ScalingOptions;
    using Report = results::ScalingReport;
    const Options defaults;
    Experiment<Options, Report> e;
    e.name = "scaling";
    e.summary = "Section 4 (兩塊補丁): softmax saturation against Dq, with and without 1/sqrt(Dq)";
    e.footer =
        "Replays chapter section 4 (the reference script scaling.py), byte for byte.\n"
        "One generator stream is consumed by the sweep in order, as the chapter's\n"
        "`for Dq in (4, 50, 400)` loop does; --dq only chooses which rows are printed.\n"
        "A --dq value that is not in the sweep is appended to it, so `attn scaling --dq 400`\n"
        "prints the chapter's own Dq=400 line from the same stream.";
    e.flags = options<Options>({
                  lift(&Options::seed, seed_flag(defaults.seed)),
                  lift(&Options::n, int_flag("--n", "keys per query N", defaults.n, dimension_range())),
                  lift(&Options::repeats, int_flag("--r", "repeats per Dq", defaults.repeats,
                                                   range_text(1L, experiments::kMaxRepeats))),
                  lift(&Options::sweep, int_list_flag("--sweep", "Dq values run in order, comma-separated",
                                                      defaults.sweep, dimension_range(), "")),
                  lift(&Options::shown, int_list_flag("--dq", "Dq rows to print, comma-separated", defaults.shown,
                                                      dimension_range(), "the whole sweep")),
              }) +
              pictures<Options>({svg_flag()}) + presented<Options>(presentation_flags());
    e.progress_label = "attn scaling:";
    e.run = experiments::run_scaling;
    e.svg = render::svg::scaling_svg;
    e.text = render::scaling_text;
    e.json = any_lang(render::scaling_json);
    e.as_run = sweep_as_run<Report>("--dq");
    return experiment_command(e);
}

}  // namespace attn::cli
