// `attn mask`: chapter section 6 (遮罩), the causal mask.
#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "experiments/checks.hpp"
#include "experiments/mask.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/mask_json.hpp"
#include "render/mask_text.hpp"
#include "render/svg/heatmap_svg.hpp"

namespace attn::cli {

Command mask_command() {
    using Options = experiments::MaskOptions;
    Experiment<Options, results::MaskReport> e;
    e.name = "mask";
    e.summary = "Section 6 (遮罩): the causal mask, and what shifting a later input changes";
    e.footer = "Replays chapter section 6 (the reference script mask.py), byte for byte.";
    e.flags = options(head_shape_flags<Options>()) +
              std::vector{
                  option(&Options::pos, int_flag("--pos", "1-based position P whose input is shifted, 2..N", Options{}.pos, "2..N")),
                  option(&Options::delta, number_flag("--delta", "the shift added to input P", Options{}.delta,
                                                      range_text(-experiments::kMaxDelta, experiments::kMaxDelta))),
              } +
              pictures<Options>(heatmap_flags()) + pictures<Options>({svg_flag()}) +
              presented<Options>(presentation_flags());
    e.picture_side = [](const Options& o) { return o.n; };
    e.format = &Options::format;
    e.run = without_progress(experiments::run_mask);
    e.svg = [](const results::MaskReport& r) {
        return render::svg::heatmaps_svg({render::mask_heatmap(r, render::Wording::english)});
    };
    e.text = render::mask_text;
    e.json = any_lang(render::mask_json);
    e.heatmaps = [](const results::MaskReport& r, render::Wording w) { return std::vector{render::mask_heatmap(r, w)}; };
    return experiment_command(e);
}

}  // namespace attn::cli
