#pragma once
// The one driver of the experiment commands (attention, scaling, permutation, multihead, mask,
// lesson, cost, udl). Each command file describes its experiment as an Experiment: its flags,
// the run, the renderers and the pictures it has; experiment_command() runs the fixed sequence
// once for all of them:
//   1. the language (ATTN_LANG, when the command has --lang), then the command's own first
//      refusals (`check`);
//   2. the picture checks: --heatmap needs text, and N x N heatmaps have a largest N;
//      --with-outputs needs JSON; then what the outputs show is told to the options (`shown`);
//   3. the run (with a progress line on a terminal, when the command has one), or `instead`;
//   4. --svg, then standard output (text, or JSON with the record of the run), then the heatmaps.
// The flags parse into a fresh ExperimentTarget; the run takes the options and returns the report,
// and the record of the run reads what ran from the report (`as_run`), so nothing is written back.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "cli/progress.hpp"
#include "errors.hpp"
#include "experiments/progress.hpp"
#include "render/heatmap.hpp"
#include "render/lang.hpp"
#include "results/invocation.hpp"

namespace attn::cli {

// What one invocation's flags parse into.
template <class Options>
struct ExperimentTarget {
    Options options;
    Pictures pictures;
    Presentation presentation;
};

template <class Options, class Report>
struct Experiment {
    using Target = ExperimentTarget<Options>;
    std::string name, summary, footer;
    std::vector<Option<Target>> flags;   // in --help order; see options(), pictures(), presented()
    bool has_lang = true;                // ATTN_LANG applies (the command has --lang)
    std::function<void(const Options&)> check;           // refusals before the picture checks
    std::function<long(const Options&)> picture_side;    // N of the N x N heatmaps; unset: not checked
    std::string picture_side_name = "N";                 // its name in the size refusal (lesson: T)
    // The field of Options that tells the memory model the output format (JSON holds every
    // number's text, experiments/checks.hpp); null when the report is small in any format.
    experiments::OutputFormat Options::*format = nullptr;
    // What the outputs show beyond the text, told to the run (so that it computes only what is
    // shown: --with-outputs, a --heatmap of values the text does not need); may throw UsageError.
    std::function<void(Options&, const Pictures&, const Presentation&)> shown;
    std::string progress_label;                          // "attn cost:"; "": no progress line
    std::function<Report(const Options&, const experiments::Progress&)> run;
    // Another output in place of the run (udl --diagnose): the exit code, or nullopt to run.
    std::function<std::optional<int>(const Target&, const results::Invocation&)> instead;
    std::function<std::string(const Report&)> svg;       // --svg's picture; unset: no --svg
    std::function<std::string(const Report&, render::Lang)> text;
    std::function<std::string(const Report&, const results::Invocation&, render::Lang)> json;
    // --heatmap's matrices, captioned in the language's wording; may throw UsageError naming
    // --heatmap when the report has none to show.
    std::function<std::vector<render::Heatmap>(const Report&, render::Wording)> heatmaps;
    // Flags whose record is read from what ran (by flag name), not from the flag's value.
    std::map<std::string, std::function<results::SettingValue(const Report&)>> as_run;
};

// An option of the experiment's Options, the picture flags and the presentation flags, as flags
// of the command.
template <class Options>
std::vector<Option<ExperimentTarget<Options>>> options(std::vector<Option<Options>> flags) {
    return lift(&ExperimentTarget<Options>::options, std::move(flags));
}
template <class Options, class V>
Option<ExperimentTarget<Options>> option(V Options::*field, Option<V> flag) {
    return lift(&ExperimentTarget<Options>::options, lift(field, std::move(flag)));
}
template <class Options>
std::vector<Option<ExperimentTarget<Options>>> pictures(std::vector<Option<Pictures>> flags) {
    return lift(&ExperimentTarget<Options>::pictures, std::move(flags));
}
template <class Options>
std::vector<Option<ExperimentTarget<Options>>> presented(std::vector<Option<Presentation>> flags) {
    return lift(&ExperimentTarget<Options>::presentation, std::move(flags));
}

// Adapters for the usual signatures: a run without progress, a JSON renderer that is the same in
// every language.
template <class Options, class Report>
std::function<Report(const Options&, const experiments::Progress&)> without_progress(Report (*run)(const Options&)) {
    return [run](const Options& o, const experiments::Progress&) { return run(o); };
}
template <class Report>
std::function<std::string(const Report&, const results::Invocation&, render::Lang)> any_lang(
    std::string (*json)(const Report&, const results::Invocation&)) {
    return [json](const Report& r, const results::Invocation& record, render::Lang) { return json(r, record); };
}

// The record of a sweep experiment (scaling, multihead): --sweep as run (the sweep, then each
// shown value not in it) and `shown_flag` as the rows shown, both from the report.
template <class Report>
std::map<std::string, std::function<results::SettingValue(const Report&)>> sweep_as_run(const std::string& shown_flag) {
    return {{"--sweep", [](const Report& r) { return results::SettingValue(r.sweep); }},
            {shown_flag, [](const Report& r) { return results::SettingValue(r.shown); }}};
}

template <class Options, class Report>
Command experiment_command(Experiment<Options, Report> e) {
    using Target = ExperimentTarget<Options>;
    auto sequence = [e](const Target& given, const std::vector<Option<Target>>& flags) {
        Target t = given;
        if (e.has_lang) apply_language_environment(t.presentation);
        if (e.format) t.options.*(e.format) = output_format(t.presentation);
        if (e.check) e.check(t.options);
        if (t.pictures.heatmap) require_text_format(t.presentation, "--heatmap");
        if (e.picture_side) check_picture_size(t.pictures, e.picture_side(t.options), e.picture_side_name);
        if (t.presentation.with_outputs) require_json_format(t.presentation, "--with-outputs");
        if (e.shown) e.shown(t.options, t.pictures, t.presentation);
        if (e.instead) {
            if (const std::optional<int> code = e.instead(t, invocation(e.name, flags, t))) return *code;
        }
        const Report r = [&] {
            if (e.progress_label.empty()) {   // no progress to tell: how long it has run
                StderrTicker ticker("attn " + e.name + ":");   // erased before anything is printed
                return e.run(t.options, {});
            }
            StderrProgress progress(e.progress_label);   // erased before anything is printed
            return e.run(t.options, progress.steps());
        }();
        std::vector<render::Heatmap> maps;
        if (t.pictures.heatmap) maps = e.heatmaps(r, wording(t.presentation.lang));
        if (!t.pictures.svg.empty()) write_svg(t.pictures, e.svg(r));
        if (t.presentation.format == Format::json) {
            std::vector<Flag> described;
            for (const Option<Target>& o : flags) described.push_back(o.flag);
            const results::Invocation record =
                invocation(e.name, described, [&](std::size_t i) -> std::optional<results::SettingValue> {
                    if (const auto ran = e.as_run.find(flags[i].flag.name); ran != e.as_run.end()) {
                        return ran->second(r);
                    }
                    if (!flags[i].value) return std::nullopt;
                    return flags[i].value(t);
                });
            write_stdout(e.json(r, record, t.presentation.lang));
        } else {
            write_stdout(e.text(r, t.presentation.lang));
        }
        if (t.pictures.heatmap) write_stdout(heatmaps_text(maps, t.pictures));
        return 0;
    };
    return make_command<Target>(e.name, e.summary, e.footer, e.flags, sequence);
}

}  // namespace attn::cli
