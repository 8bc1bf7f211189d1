// `attn attention`: chapter section 3 (三、比重從哪裡來), the attention matrix of a small meeting.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "experiments/attention.hpp"
#include "experiments/checks.hpp"
#include "render/json/attention_json.hpp"
#include "render/attention_text.hpp"
#include "render/heatmap_views.hpp"
#include "render/svg/heatmap_svg.hpp"

namespace attn::cli {

Command attention_command() {
    auto o = std::make_shared<experiments::AttentionOptions>();
    auto pics = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    Command c;
    c.name = "attention";
    c.summary = "Section 3 (三、比重從哪裡來): the attention matrix of a small meeting";
    c.footer = "Replays chapter section 3 (the reference script attention.py), byte for byte.";
    c.flags = head_shape_flags(o->seed, o->d, o->n, o->dq);
    c.flags.push_back(int_flag("--col", "1-based output position whose scores and weights are shown, 1..N",
                               o->col, "1..N"));
    for (Flag& f : heatmap_flags(*pics)) c.flags.push_back(f);
    c.flags.push_back(svg_flag(*pics));
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        if (pics->heatmap) require_text_format(*pres, "--heatmap");
        check_picture_size(*pics, o->n);
        o->format = output_format(*pres);
        const report::AttentionReport r = experiments::run_attention(*o);
        if (!pics->svg.empty()) write_svg(*pics, render::svg::heatmaps_svg(render::attention_heatmaps(r, render::Wording::english)));
        write_stdout(rendered(*pres, "attention", flags, r, render::attention_text, render::attention_json));
        if (pics->heatmap) write_stdout(heatmaps_text(render::attention_heatmaps(r, wording(pres->lang)), *pics));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
