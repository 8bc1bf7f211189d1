// `attn udl 12.1|12.2|12.3`: the Understanding Deep Learning notebooks 12.1, 12.2 and 12.3, cell
// by cell; --mistake replays a common wrong solution of 12.2 or 12.3, --diagnose names the one
// behind a printed X' (12.2) or a printed final tokens and vocabulary (12.3).
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/numpy_printer.hpp"
#include "cli/experiment_command.hpp"
#include "errors.hpp"
#include "files/read_whole.hpp"
#include "experiments/udl.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/udl_json.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/svg/tokenize_svg.hpp"
#include "render/udl_text.hpp"

namespace attn::cli {
namespace {

constexpr std::size_t kMaxDiagnoseBytes = 1u << 20;   // a printed 50 x 50 X' is ~20 kB

struct UdlFlags {
    experiments::UdlOptions options;
    std::vector<std::string> notebooks;     // the positional, as given
    std::optional<std::string> mistake, diagnose, text;
};

// FILE or "-" (standard input), whole (files::read_whole): exit 3 when it cannot be read, 2 when
// it is too large to be a printed X'.
std::string read_input(const std::string& path) {
    files::WholeFile input = files::read_whole(path, kMaxDiagnoseBytes, /*allow_stdin=*/true);
    if (input.failure == files::WholeFile::Failure::too_large)
        throw UsageError("--diagnose", input.message + "; a printed X' is a few kB, a 12.3 "
                                       "transcript of the rhyme 3.4 kB");
    if (input.failure != files::WholeFile::Failure::none) throw IoError("--diagnose: " + input.message);
    return std::move(input.text);
}

experiments::UdlOptions to_options(const UdlFlags& f) {
    experiments::UdlOptions o = f.options;
    if (f.notebooks.size() != 1)
        throw UsageError("NOTEBOOK", f.notebooks.empty() ? "give 12.1, 12.2 or 12.3"
                                                          : "give one notebook, 12.1, 12.2 or 12.3");
    o.notebook = experiments::parse_udl_notebook(f.notebooks.front());
    if (f.text) o.tokenize.text = *f.text;
    if (f.mistake) experiments::set_udl_mistake(o, *f.mistake);
    experiments::validate(o);
    return o;
}

}  // namespace

Command udl_command() {
    using Report = results::UdlReport;
    const std::string seeds = range_text(0L, 4294967295L);
    const std::string size_range = range_text(1L, experiments::kUdlMaxSize);
    Experiment<UdlFlags, Report> e;
    e.name = "udl";
    e.summary = "The Understanding Deep Learning notebooks 12.1, 12.2 and 12.3, replayed cell by cell";
    e.footer =
        "NOTEBOOK is 12.1 (self-attention from scratch), 12.2 (multi-head self-attention) or\n"
        "12.3 (tokenization: byte-pair encoding of the sailor rhyme of figure 12.8, or --text).\n"
        "With no flags it prints what the solved notebook prints; 12.1 and 12.2 draw from NumPy's\n"
        "legacy generator (np.random.seed, np.random.normal), so their printed true values appear.\n"
        "--mistake replays a common wrong solution of 12.2 or 12.3. --diagnose FILE (- for\n"
        "standard input) reads what a notebook printed (12.2: X'; 12.3: the last Tokens and\n"
        "Vocabulary lines, or the whole transcript) and names the computation it comes from:\n"
        "exit 0 the right answer, 1 a mistake or no match, 2 not enough or not the expected\n"
        "print, 3 the file cannot be opened.";
    Option<UdlFlags> notebook;
    notebook.flag.kind = Flag::Kind::positional;
    notebook.flag.name = "NOTEBOOK";
    notebook.flag.type_name = "NOTEBOOK";
    notebook.flag.help = "12.1, 12.2 or 12.3";
    for (experiments::UdlNotebook n : experiments::udl_notebooks())
        notebook.flag.choices.push_back(experiments::udl_notebook_name(n));
    notebook.parse = [](UdlFlags& f, const std::string& text) { f.notebooks.push_back(text); };
    notebook.value = [](const UdlFlags& f) {
        return results::SettingValue(f.notebooks.empty() ? std::string() : f.notebooks.front());
    };

    // The sizes the run used (given, or the notebook's), for JSON's record of the run.
    auto sizes = [](const UdlFlags& f) {
        experiments::UdlOptions o = f.options;
        if (!f.notebooks.empty()) o.notebook = experiments::parse_udl_notebook(f.notebooks.front());
        return experiments::udl_sizes(o);
    };
    // np.random.seed's seeds, as text like every seed in attn's JSON.
    auto seed = [seeds](const std::string& name, const std::string& help, long experiments::UdlOptions::*field) {
        Option<long> flag = int_flag(name, help, experiments::UdlOptions{}.*field, seeds);
        flag.value = [](long value) { return results::SettingValue(std::to_string(value)); };
        return lift(&UdlFlags::options, lift(field, flag));
    };
    // N, D and H default by notebook, so "not given" is kept apart from every value; recorded
    // from the run's sizes.
    auto size = [sizes](const std::string& name, const std::string& help, std::optional<long> experiments::UdlOptions::*field,
                        const std::string& range, const std::string& default_text, long experiments::UdlSizes::*used) {
        Option<long> given = int_flag(name, help, 0, range);
        Option<std::optional<long>> flag;
        flag.flag = given.flag;
        flag.flag.default_text = default_text;
        flag.parse = [parse = given.parse](std::optional<long>& value, const std::string& text) {
            long v = 0;
            parse(v, text);
            value = v;
        };
        Option<UdlFlags> out = lift(&UdlFlags::options, lift(field, flag));
        out.value = [sizes, used](const UdlFlags& f) { return results::SettingValue(sizes(f).*used); };
        return out;
    };
    Option<std::optional<std::string>> mistake =
        given_text_flag("--mistake", "NAME", "12.2, 12.3: replay a common wrong solution");
    for (auto nb : {experiments::UdlNotebook::nb12_2, experiments::UdlNotebook::nb12_3}) {
        std::string names;
        for (const auto& name : experiments::udl_mistake_names(nb)) {
            mistake.flag.choices.push_back(name);
            names += (names.empty() ? "" : ", ") + name;
        }
        mistake.flag.help += "; " + std::string(experiments::udl_notebook_name(nb)) + ": " + names;
    }
    // 12.3's --merges: "not given" is the notebook's 22.
    Option<long> merges_given = int_flag("--merges", "12.3: merges tokenize() makes", 0,
                                         range_text(0L, experiments::kTokenizeMaxMerges));
    Option<std::optional<long>> merges_flag;
    merges_flag.flag = merges_given.flag;
    merges_flag.flag.default_text = std::to_string(experiments::kTokenizeDefaultMerges);
    merges_flag.parse = [parse = merges_given.parse](std::optional<long>& value, const std::string& text) {
        long v = 0;
        parse(v, text);
        value = v;
    };
    Option<UdlFlags> merges = lift(&UdlFlags::options, lift(&experiments::UdlOptions::tokenize,
                                                            lift(&experiments::TokenizeOptions::merges, merges_flag)));
    merges.value = [](const UdlFlags& f) {
        return results::SettingValue(f.options.tokenize.merges.value_or(experiments::kTokenizeDefaultMerges));
    };
    // --format only: the notebooks print English, so there is no --lang.
    Option<Presentation> format = format_flag();
    format.flag.help = "text (the notebook's lines, or the diagnosis) or json (every number at full precision)";
    e.flags = options<UdlFlags>({
                  notebook,
                  seed("--seed-x", "np.random.seed for the inputs", &experiments::UdlOptions::seed_x),
                  seed("--seed-w", "np.random.seed for the weights", &experiments::UdlOptions::seed_w),
                  size("--n", "positions N", &experiments::UdlOptions::n, size_range, "3 for 12.1, 6 for 12.2",
                       &experiments::UdlSizes::n),
                  size("--d", "width D", &experiments::UdlOptions::d, size_range, "4 for 12.1, 8 for 12.2",
                       &experiments::UdlSizes::d),
                  size("--h", "12.2: heads H, a divisor of D", &experiments::UdlOptions::h, "1..D", "2",
                       &experiments::UdlSizes::h),   // 12.1: its one head
                  lift(&UdlFlags::mistake, mistake),
                  lift(&UdlFlags::text, given_text_flag("--text", "TEXT",
                                                        "12.3: the text to tokenize (default: the sailor rhyme)")),
                  merges,
                  lift(&UdlFlags::diagnose,
                       given_text_flag("--diagnose", "FILE",
                                       "12.2, 12.3: name the computation behind the print in FILE (- reads standard input)")),
              }) +
              pictures<UdlFlags>(heatmap_flags()) + pictures<UdlFlags>({svg_flag()}) + presented<UdlFlags>({format});
    e.has_lang = false;
    e.check = [](const UdlFlags& f) { to_options(f); };
    e.instead = [](const ExperimentTarget<UdlFlags>& t, const results::Invocation& record) -> std::optional<int> {
        const experiments::UdlOptions o = to_options(t.options);
        const bool tokenize = o.notebook == experiments::UdlNotebook::nb12_3;
        if (tokenize && t.pictures.heatmap) throw UsageError("--heatmap", "applies to notebooks 12.1 and 12.2 only");
        if (!t.options.diagnose) return std::nullopt;
        if (t.pictures.heatmap || !t.pictures.svg.empty())
            throw UsageError(t.pictures.heatmap ? "--heatmap" : "--svg", "does not apply with --diagnose");
        if (tokenize) {
            const results::UdlTokenizeDiagnosis d = experiments::diagnose_tokenize(o.tokenize, read_input(*t.options.diagnose));
            write_stdout(t.presentation.format == Format::json ? render::udl_tokenize_diagnosis_json(d, record)
                                                               : render::udl_tokenize_diagnosis_text(d));
            return d.match == "right" ? 0 : 1;
        }
        if (o.notebook != experiments::UdlNotebook::nb12_2)
            throw UsageError("--diagnose", "applies to notebooks 12.2 and 12.3 only");
        const results::UdlDiagnosis d = experiments::diagnose_udl(o, read_input(*t.options.diagnose), numpy_printer());
        write_stdout(t.presentation.format == Format::json ? render::udl_diagnosis_json(d, record)
                                                           : render::udl_diagnosis_text(d));
        return d.match == "right" ? 0 : 1;
    };
    e.run = [](const UdlFlags& f, const experiments::Progress&) { return experiments::run_udl(to_options(f)); };
    e.svg = [](const Report& r) {
        return r.notebook == experiments::UdlNotebook::nb12_3 ? render::svg::tokenize_svg(r.nb123)
                                                              : render::svg::heatmaps_svg(render::udl_heatmaps(r));
    };
    e.text = [](const Report& r, render::Lang) { return render::udl_text(r); };
    e.json = any_lang(render::udl_json);
    e.heatmaps = [](const Report& r, render::Wording) { return render::udl_heatmaps(r); };
    return experiment_command(e);
}

}  // namespace attn::cli
