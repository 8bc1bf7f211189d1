// `attn lesson`: the companion lesson 注意力機制 (`python attention.py`), sections 1-5 in float32.
#include <algorithm>

#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "cli/parse_flags.hpp"
#include "experiments/lesson.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/lesson_json.hpp"
#include "render/lesson_text.hpp"

namespace attn::cli {

Command lesson_command() {
    using Options = experiments::LessonOptions;
    using Report = results::LessonReport;
    const Options defaults;
    const std::string query_range = range_text(-experiments::kMaxQuery, experiments::kMaxQuery);
    Experiment<Options, Report> e;
    e.name = "lesson";
    e.summary = "The companion lesson 注意力機制 (`python attention.py`), sections 1-5 in float32";
    e.footer =
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
    Option<Options> query;
    query.flag.name = "--query";
    query.flag.type_name = "A,B";
    query.flag.help = "section 2: 光's query as two numbers, each in " + query_range + " (exercise 1)";
    query.flag.default_text = "1,0";
    query.parse = [query_range](Options& o, const std::string& text) {
        const std::vector<double> q = parse_number_list("--query", text, 2, query_range);
        o.query = {q[0], q[1]};
    };
    query.value = [](const Options& o) {
        return results::SettingValue(std::vector<double>(o.query.begin(), o.query.end()));
    };
    e.flags = options<Options>({
                  lift(&Options::sections, positional_ints("SECTION", "sections to print, 1..5 (default: all five)", "1..5")),
                  query,
                  lift(&Options::t, int_flag("--t", "section 5's sequence length T (exercise 3); sections 1-4 keep 5",
                                             defaults.t, range_text(1L, experiments::kMaxLessonT))),
                  lift(&Options::no_mask, toggle_flag("--no-mask", "section 5 without the causal mask, both implementations (exercise 2)")),
              }) +
              pictures<Options>(heatmap_flags()) + presented<Options>(presentation_flags());
    e.format = &Options::format;
    // --t's own range first, then the pictures' size limit on section 5's T rows, when shown
    e.check = [](const Options& o) { experiments::validate(o); };
    e.picture_side = [](const Options& o) {
        const bool head_shown = o.sections.empty() || std::find(o.sections.begin(), o.sections.end(), 5L) != o.sections.end();
        return head_shown ? o.t : 0L;
    };
    e.picture_side_name = "T";
    e.run = without_progress(experiments::run_lesson);
    e.text = render::lesson_text;
    e.json = any_lang(render::lesson_json);
    e.heatmaps = [](const Report& r, render::Wording w) {
        std::vector<render::Heatmap> maps = render::lesson_heatmaps(r, w);
        if (maps.empty()) {
            throw UsageError("--heatmap", "sections 3 and 5 have heatmaps, and neither is shown (add 3 or 5)");
        }
        return maps;
    };
    e.as_run = {{"SECTION", [](const Report& r) {   // the sections shown, ascending, each once
                     return results::SettingValue(std::vector<long>(r.shown.begin(), r.shown.end()));
                 }}};
    return experiment_command(e);
}

}  // namespace attn::cli
