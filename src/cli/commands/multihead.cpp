// `attn multihead`: chapter section 5 (多頭), parameters and multiplications against H.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "experiments/checks.hpp"
#include "experiments/multihead.hpp"
#include "errors.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/multihead_json.hpp"
#include "render/multihead_text.hpp"
#include "render/svg/multihead_svg.hpp"

namespace attn::cli {

Command multihead_command() {
    auto o = std::make_shared<experiments::MultiheadOptions>();
    auto pics = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    const std::string dims = range_text(1L, experiments::kMaxDimension);
    Command c;
    c.name = "multihead";
    c.summary = "Section 5 (多頭): parameters and multiplications against the head count H";
    c.footer =
        "Replays chapter section 5 (the reference script multihead.py), byte for byte.\n"
        "The counts come from the shapes of the products a pass runs; the heads' values are drawn\n"
        "and computed only when --heatmap or --with-outputs shows them.\n"
        "--h chooses the printed rows; values not in the sweep are appended to it.";
    c.flags = {
        seed_flag(o->seed),
        int_flag("--d", "model width D", o->d, dims),
        int_flag("--n", "positions N", o->n, dims),
        int_list_flag("--sweep", "head counts run in order; each divides D", o->sweep, "1..D", ""),
        int_list_flag("--h", "head counts to print", o->shown, "1..D", "the whole sweep"),
    };
    for (Flag& f : heatmap_flags(*pics)) c.flags.push_back(f);
    c.flags.push_back(svg_flag(*pics));
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.flags.push_back(with_outputs_flag(o->with_outputs));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        if (pics->heatmap) require_text_format(*pres, "--heatmap");
        if (o->with_outputs) require_json_format(*pres, "--with-outputs");
        o->head_differences = pics->heatmap;
        if (pics->heatmap) {   // an (H, H) map per shown row
            for (long h : experiments::as_run(*o).shown) {
                if (h > kMaxPictureSide) {
                    throw UsageError("--heatmap", "the heads' map is drawn for H in 1.." +
                                                      std::to_string(kMaxPictureSide) + " heads (got H=" +
                                                      std::to_string(h) + ")");
                }
            }
        }
        const report::MultiheadReport r = experiments::run_multihead(*o);
        *o = experiments::as_run(*o);  // the record shows what ran
        if (!pics->svg.empty()) write_svg(*pics, render::svg::multihead_svg(r));
        write_stdout(rendered(*pres, "multihead", flags, r, render::multihead_text, render::multihead_json));
        if (pics->heatmap) write_stdout(heatmaps_text(render::multihead_heatmaps(r, wording(pres->lang)), *pics));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
