// `attn scaling`: chapter section 4 (兩塊補丁), softmax saturation against Dq.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "cli/progress.hpp"
#include "experiments/checks.hpp"
#include "experiments/scaling.hpp"
#include "render/json/scaling_json.hpp"
#include "render/scaling_text.hpp"
#include "render/svg/scaling_svg.hpp"

namespace attn::cli {

Command scaling_command() {
    auto o = std::make_shared<experiments::ScalingOptions>();
    auto pics = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    const std::string dims = range_text(1L, experiments::kMaxDimension);
    Command c;
    c.name = "scaling";
    c.summary = "Section 4 (兩塊補丁): softmax saturation against Dq, with and without 1/sqrt(Dq)";
    c.footer =
        "Replays chapter section 4 (the reference script scaling.py), byte for byte.\n"
        "One generator stream is consumed by the sweep in order, as the chapter's\n"
        "`for Dq in (4, 50, 400)` loop does; --dq only chooses which rows are printed.\n"
        "A --dq value that is not in the sweep is appended to it, so `attn scaling --dq 400`\n"
        "prints the chapter's own Dq=400 line from the same stream.";
    c.flags = {
        seed_flag(o->seed),
        int_flag("--n", "keys per query N", o->n, dims),
        int_flag("--r", "repeats per Dq", o->repeats, range_text(1L, experiments::kMaxRepeats)),
        int_list_flag("--sweep", "Dq values run in order, comma-separated", o->sweep, dims, ""),
        int_list_flag("--dq", "Dq rows to print, comma-separated", o->shown, dims, "the whole sweep"),
        svg_flag(*pics),
    };
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        report::ScalingReport r;
        {
            StderrProgress progress("attn scaling:");
            o->progress = progress.callback();
            r = experiments::run_scaling(*o);
            o->progress = nullptr;
        }
        *o = experiments::as_run(*o);  // the record shows what ran
        if (!pics->svg.empty()) write_svg(*pics, render::svg::scaling_svg(r));
        write_stdout(rendered(*pres, "scaling", flags, r, render::scaling_text, render::scaling_json));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
