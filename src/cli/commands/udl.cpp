// `attn udl 12.1|12.2|12.3`: the Understanding Deep Learning notebooks 12.1, 12.2 and 12.3, cell
// by cell; --mistake replays a common wrong solution of 12.2 or 12.3, --diagnose names the one
// behind a printed X' (12.2) or a printed final tokens and vocabulary (12.3).
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/parse_flags.hpp"
#include "cli/pictures.hpp"
#include "cli/presentation.hpp"
#include "errors.hpp"
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
    std::string mistake, diagnose, text;
    bool mistake_given = false, diagnose_given = false, text_given = false;
};

// FILE or "-" (standard input), whole.
std::string read_input(const std::string& path) {
    std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!f) throw IoError("--diagnose: cannot open '" + path + "'");
    std::string text;
    char buf[4096];
    std::size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() <= kMaxDiagnoseBytes)
        text.append(buf, got);
    const bool failed = std::ferror(f);
    if (f != stdin) std::fclose(f);
    if (failed) throw IoError("--diagnose: cannot read '" + path + "'");
    if (text.size() > kMaxDiagnoseBytes)
        throw UsageError("--diagnose", "the input is over 1 MiB; a printed X' is a few kB, a 12.3 "
                                       "transcript of the rhyme 3.4 kB");
    return text;
}

experiments::UdlOptions to_options(const UdlFlags& f) {
    experiments::UdlOptions o = f.options;
    if (f.notebooks.size() != 1)
        throw UsageError("NOTEBOOK", f.notebooks.empty() ? "give 12.1, 12.2 or 12.3"
                                                          : "give one notebook, 12.1, 12.2 or 12.3");
    o.notebook = experiments::parse_udl_notebook(f.notebooks.front());
    if (f.text_given) o.tokenize.text = f.text;
    if (f.mistake_given) experiments::set_udl_mistake(o, f.mistake);
    experiments::validate(o);
    return o;
}

}  // namespace

Command udl_command() {
    auto f = std::make_shared<UdlFlags>();
    auto p = std::make_shared<Pictures>();
    auto pres = std::make_shared<Presentation>();
    const std::string seeds = range_text(0L, 4294967295L);
    const std::string size_range = range_text(1L, experiments::kUdlMaxSize);
    Command c;
    c.name = "udl";
    c.summary = "The Understanding Deep Learning notebooks 12.1, 12.2 and 12.3, replayed cell by cell";
    c.footer =
        "NOTEBOOK is 12.1 (self-attention from scratch), 12.2 (multi-head self-attention) or\n"
        "12.3 (tokenization: byte-pair encoding of the sailor rhyme of figure 12.8, or --text).\n"
        "With no flags it prints what the solved notebook prints; 12.1 and 12.2 draw from NumPy's\n"
        "legacy generator (np.random.seed, np.random.normal), so their printed true values appear.\n"
        "--mistake replays a common wrong solution of 12.2 or 12.3. --diagnose FILE (- for\n"
        "standard input) reads what a notebook printed (12.2: X'; 12.3: the last Tokens and\n"
        "Vocabulary lines, or the whole transcript) and names the computation it comes from:\n"
        "exit 0 the right answer, 1 a mistake or no match, 2 not enough or not the expected\n"
        "print, 3 the file cannot be opened.";
    Flag notebook;
    notebook.kind = Flag::Kind::positional;
    notebook.name = "NOTEBOOK";
    notebook.type_name = "NOTEBOOK";
    notebook.help = "12.1, 12.2 or 12.3";
    for (experiments::UdlNotebook n : experiments::udl_notebooks())
        notebook.choices.push_back(experiments::udl_notebook_name(n));
    notebook.parse = [f](const std::string& text) { f->notebooks.push_back(text); };
    notebook.value = [f] { return report::SettingValue(f->notebooks.empty() ? std::string() : f->notebooks.front()); };

    // The sizes the run used (given, or the notebook's), for JSON's record of the run.
    auto sizes = [f] {
        experiments::UdlOptions o = f->options;
        if (!f->notebooks.empty()) o.notebook = experiments::parse_udl_notebook(f->notebooks.front());
        return experiments::udl_sizes(o);
    };
    // np.random.seed's seeds, as text like every seed in attn's JSON.
    auto seed = [](const std::string& name, const std::string& help, long& field, const std::string& range) {
        Flag flag = int_flag(name, help, field, range);
        flag.value = [&field] { return report::SettingValue(std::to_string(field)); };
        return flag;
    };

    // N, D and H default by notebook, so "not given" is kept apart from every value.
    auto optional_int = [](const std::string& name, const std::string& help,
                           std::optional<long>& field, const std::string& range,
                           const std::string& default_text) {
        long unused = 0;
        Flag flag = int_flag(name, help, unused, range);
        flag.default_text = default_text;
        flag.parse = [name, range, &field](const std::string& text) {
            field = parse_int(name, text, range);
        };
        flag.value = nullptr;   // int_flag's would read `unused`: set below, from the run's sizes
        return flag;
    };
    Flag n = optional_int("--n", "positions N", f->options.n, size_range, "3 for 12.1, 6 for 12.2");
    Flag d = optional_int("--d", "width D", f->options.d, size_range, "4 for 12.1, 8 for 12.2");
    Flag h = optional_int("--h", "12.2: heads H, a divisor of D", f->options.h, "1..D", "2");
    n.value = [sizes] { return report::SettingValue(sizes().n); };
    d.value = [sizes] { return report::SettingValue(sizes().d); };
    h.value = [sizes] { return report::SettingValue(sizes().h); };   // 12.1: its one head
    Flag mistake = given_text_flag("--mistake", "NAME", "12.2, 12.3: replay a common wrong solution",
                                   f->mistake, f->mistake_given);
    for (auto nb : {experiments::UdlNotebook::nb12_2, experiments::UdlNotebook::nb12_3}) {
        std::string names;
        for (const auto& name : experiments::udl_mistake_names(nb)) {
            mistake.choices.push_back(name);
            names += (names.empty() ? "" : ", ") + name;
        }
        mistake.help += "; " + std::string(experiments::udl_notebook_name(nb)) + ": " + names;
    }
    Flag text = given_text_flag("--text", "TEXT", "12.3: the text to tokenize (default: the sailor rhyme)",
                                f->text, f->text_given);
    Flag merges = optional_int("--merges", "12.3: merges tokenize() makes", f->options.tokenize.merges,
                               range_text(0L, experiments::kTokenizeMaxMerges),
                               std::to_string(experiments::kTokenizeDefaultMerges));
    merges.value = [f] {
        return report::SettingValue(f->options.tokenize.merges.value_or(experiments::kTokenizeDefaultMerges));
    };
    c.flags = {
        notebook,
        seed("--seed-x", "np.random.seed for the inputs", f->options.seed_x, seeds),
        seed("--seed-w", "np.random.seed for the weights", f->options.seed_w, seeds),
        n,
        d,
        h,
        mistake,
        text,
        merges,
        given_text_flag("--diagnose", "FILE",
                        "12.2, 12.3: name the computation behind the print in FILE (- reads standard input)",
                        f->diagnose, f->diagnose_given),
    };
    for (Flag& flag : heatmap_flags(*p)) c.flags.push_back(flag);
    c.flags.push_back(svg_flag(*p));
    // --format only: the notebooks print English, so there is no --lang.
    Flag fmt = format_flag(*pres);
    fmt.help = "text (the notebook's lines, or the diagnosis) or json (every number at full precision)";
    c.flags.push_back(fmt);
    c.run = [f, p, pres, flags = c.flags] {
        const experiments::UdlOptions o = to_options(*f);
        if (p->heatmap) require_text_format(*pres, "--heatmap");
        const bool tokenize = o.notebook == experiments::UdlNotebook::nb12_3;
        if (tokenize && p->heatmap) throw UsageError("--heatmap", "applies to notebooks 12.1 and 12.2 only");
        if (f->diagnose_given) {
            if (p->heatmap || !p->svg.empty())
                throw UsageError(p->heatmap ? "--heatmap" : "--svg", "does not apply with --diagnose");
            if (tokenize) {
                const report::UdlTokenizeDiagnosis d =
                    experiments::diagnose_tokenize(o.tokenize, read_input(f->diagnose));
                write_stdout(pres->format == Format::json
                                 ? render::udl_tokenize_diagnosis_json(d, invocation("udl", flags))
                                 : render::udl_tokenize_diagnosis_text(d));
                return d.match == "right" ? 0 : 1;
            }
            if (o.notebook != experiments::UdlNotebook::nb12_2)
                throw UsageError("--diagnose", "applies to notebooks 12.2 and 12.3 only");
            const report::UdlDiagnosis d = experiments::diagnose_udl(o, read_input(f->diagnose));
            write_stdout(pres->format == Format::json ? render::udl_diagnosis_json(d, invocation("udl", flags))
                                                      : render::udl_diagnosis_text(d));
            return d.match == "right" ? 0 : 1;
        }
        const report::UdlReport r = experiments::run_udl(o);
        if (!p->svg.empty())
            write_svg(*p, tokenize ? render::svg::tokenize_svg(r.nb123)
                                   : render::svg::heatmaps_svg(render::udl_heatmaps(r)));
        write_stdout(pres->format == Format::json ? render::udl_json(r, invocation("udl", flags))
                                                  : render::udl_text(r));
        if (p->heatmap) write_stdout(heatmaps_text(render::udl_heatmaps(r), *p));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
