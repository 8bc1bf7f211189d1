// `attn multihead`: chapter section 5 (多頭), parameters and multiplications against H.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "experiments/checks.hpp"
#include "experiments/multihead.hpp"
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
        "Every head and the Ωc mix are really computed; the counts come from the products run.\n"
        "--h chooses the printed rows; values not in the sweep are appended to it.";
    c.flags = {
        seed_flag(o->seed),
        int_flag("--d", "model width D", o->d, dims),
        int_flag("--n", "positions N", o->n, dims),
        int_list_flag("--sweep", "head counts run in order; each divides D", o->sweep, "1..D", ""),
        int_list_flag("--h", "head counts to print", o->shown, "1..D", "the whole sweep"),
        svg_flag(*pics),
    };
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        const report::MultiheadReport r = experiments::run_multihead(*o);
        *o = experiments::as_run(*o);  // the record shows what ran
        if (!pics->svg.empty()) write_svg(*pics, render::svg::multihead_svg(r));
        write_stdout(rendered(*pres, "multihead", flags, r, render::multihead_text, render::multihead_json));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
