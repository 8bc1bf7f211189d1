// `attn lesson`: the companion lesson 注意力機制 (`python attention.py`), sections 1-5 in float32.
#include <algorithm>
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/parse_flags.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "errors.hpp"
#include "experiments/lesson.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/lesson_json.hpp"
#include "render/lesson_text.hpp"

namespace attn::cli {

Command lesson_command() {
    auto o = std::make_shared<experiments::LessonOptions>();
    auto pics = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    const std::string query_range = range_text(-experiments::kMaxQuery, experiments::kMaxQuery);
    Command c;
    c.name = "lesson";
    c.summary = "The companion lesson 注意力機制 (`python attention.py`), sections 1-5 in float32";
    c.footer =
        "Replays the lesson's attention.py (the reference script lesson.py) from one\n"
        "torch.manual_seed(0) stream: 1 averaging matrix, 2 dot-product scores of 光,\n"
        "3 causal mask, 4 why divide by sqrt(d), 5 one full attention head. Every section runs,\n"
        "so the random numbers are the same whichever are shown. --t T runs section 5 at\n"
        "sequence length T (exercise 3; `attn cost` times it); sections 1-4 keep T=5.\n"
        "Section 5's last line compares the step-by-step head with attn's flash kernel (tiled\n"
        "online softmax, the kernel `attn cost` times) on the same q, k, v, where the lesson\n"
        "compares with PyTorch's fused scaled_dot_product_attention; attn has no PyTorch, so\n"
        "the line names flash. Its figure is a float32 rounding artefact: below 1e-6 at T=5,\n"
        "below 1e-5 for longer T (the largest of T×8 rounding differences).";
    Flag query;
    query.name = "--query";
    query.type_name = "A,B";
    query.help = "section 2: 光's query as two numbers, each in " + query_range + " (exercise 1)";
    query.default_text = "1,0";
    query.parse = [o, query_range](const std::string& text) {
        const std::vector<double> q = parse_number_list("--query", text, 2, query_range);
        o->query = {q[0], q[1]};
    };
    query.value = [o] { return report::SettingValue(std::vector<double>(o->query.begin(), o->query.end())); };
    c.flags = {
        positional_ints("SECTION", "sections to print, 1..5 (default: all five)", o->sections, "1..5"),
        query,
        int_flag("--t", "section 5's sequence length T (exercise 3); sections 1-4 keep 5", o->t,
                 range_text(1L, experiments::kMaxLessonT)),
        toggle_flag("--no-mask", "section 5 without the causal mask, both implementations (exercise 2)",
                    o->no_mask),
    };
    for (Flag& f : heatmap_flags(*pics)) c.flags.push_back(f);
    for (Flag& f : presentation_flags(*pres)) c.flags.push_back(std::move(f));
    c.run = [o, pics, pres, flags = c.flags] {
        apply_language_environment(*pres);
        if (pics->heatmap) require_text_format(*pres, "--heatmap");
        // section 5's heatmap has one row per position: the pictures' size limit applies to --t
        const bool head_shown = o->sections.empty() ||
                                std::find(o->sections.begin(), o->sections.end(), 5L) != o->sections.end();
        o->format = output_format(*pres);
        experiments::validate(*o);   // --t's own range first
        if (head_shown) check_picture_size(*pics, o->t, "T");
        const report::LessonReport r = experiments::run_lesson(*o);
        o->sections.assign(r.shown.begin(), r.shown.end());  // the record: the sections shown
        const std::vector<render::Heatmap> maps = render::lesson_heatmaps(r, wording(pres->lang));
        if (pics->heatmap && maps.empty()) {
            throw UsageError("--heatmap", "sections 3 and 5 have heatmaps, and neither is shown (add 3 or 5)");
        }
        write_stdout(rendered(*pres, "lesson", flags, r, render::lesson_text, render::lesson_json));
        if (pics->heatmap) write_stdout(heatmaps_text(maps, *pics));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
