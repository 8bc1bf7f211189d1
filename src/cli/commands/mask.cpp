// `attn mask`: chapter section 6 (遮罩), the causal mask.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "experiments/checks.hpp"
#include "experiments/mask.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/mask_json.hpp"
#include "render/mask_text.hpp"
#include "render/svg/heatmap_svg.hpp"

namespace attn::cli {

Command mask_command() {
    auto o = std::make_shared<experiments::MaskOptions>();
    auto pics = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    Command c;
    c.name = "mask";
    c.summary = "Section 6 (遮罩): the causal mask, and what shifting a later input changes";
    c.footer = "Replays chapter section 6 (the reference script mask.py), byte for byte.";
    c.flags = head_shape_flags(o->seed, o->d, o->n, o->dq);
    c.flags.push_back(int_flag("--pos", "1-based position P whose input is shifted, 2..N", o->pos, "2..N"));
    c.flags.push_back(number_flag("--delta", "the shift added to input P", o->delta,
                                  range_text(-experiments::kMaxDelta, experiments::kMaxDelta)));
    for (Flag& f : heatmap_flags(*pics)) c.flags.push_back(f);
    c.flags.push_back(svg_flag(*pics));
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        if (pics->heatmap) require_text_format(*pres, "--heatmap");
        check_picture_size(*pics, o->n);
        o->format = output_format(*pres);
        const report::MaskReport r = experiments::run_mask(*o);
        if (!pics->svg.empty()) write_svg(*pics, render::svg::heatmaps_svg({render::mask_heatmap(r, render::Wording::english)}));
        write_stdout(rendered(*pres, "mask", flags, r, render::mask_text, render::mask_json));
        if (pics->heatmap) write_stdout(heatmaps_text({render::mask_heatmap(r, wording(pres->lang))}, *pics));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
