// `attn attention`: chapter section 3 (三、比重從哪裡來), the attention matrix of a small meeting.
#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "experiments/attention.hpp"
#include "render/attention_text.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/attention_json.hpp"
#include "render/svg/heatmap_svg.hpp"

namespace attn::cli {

Command attention_command() {
    using Options = experiments::AttentionOptions;
    Experiment<Options, results::AttentionReport> e;
    e.name = "attention";
    e.summary = "Section 3 (三、比重從哪裡來): the attention matrix of a small meeting";
    e.footer = "Replays chapter section 3 (the reference script attention.py), byte for byte.";
    e.flags = options(head_shape_flags<Options>()) +
              std::vector{option(&Options::col, int_flag("--col", "1-based output position whose scores and weights are shown, 1..N",
                                                         Options{}.col, "1..N"))} +
              pictures<Options>(heatmap_flags()) + pictures<Options>({svg_flag()}) +
              presented<Options>(presentation_flags() + std::vector{with_outputs_flag()});
    e.picture_side = [](const Options& o) { return o.n; };
    e.format = &Options::format;
    e.shown = [](Options& o, const Pictures&, const Presentation& p) { o.with_outputs = p.with_outputs; };
    e.run = without_progress(experiments::run_attention);
    e.svg = [](const results::AttentionReport& r) {
        return render::svg::heatmaps_svg(render::attention_heatmaps(r, render::Wording::english));
    };
    e.text = render::attention_text;
    e.json = any_lang(render::attention_json);
    e.heatmaps = render::attention_heatmaps;
    return experiment_command(e);
}

}  // namespace attn::cli
