// `attn udl 12.1|12.2|12.3|12.4`: the Understanding Deep Learning notebooks 12.1, 12.2, 12.3 and
// 12.4, cell by cell; --mistake replays a common wrong solution of 12.2, 12.3 or 12.4, --diagnose
// names the one behind a printed X' (12.2), a printed final tokens and vocabulary (12.3) or a
// decoder's printed lines (12.4).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/numpy_printer.hpp"
#include "cli/experiment_command.hpp"
#include "cli/progress.hpp"
#include "cli/interface.hpp"
#include "errors.hpp"
#include "files/read_whole.hpp"
#include "experiments/udl.hpp"
#include "experiments/udl_decoding.hpp"
#include "experiments/udl_decoding_diagnose.hpp"
#include "render/heatmap_views.hpp"
#include "render/json/udl_decoding_json.hpp"
#include "render/json/udl_json.hpp"
#include "render/svg/attention_grid_svg.hpp"
#include "render/svg/decoding_svg.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/svg/tokenize_svg.hpp"
#include "render/udl_attention_text.hpp"
#include "render/udl_decoding_text.hpp"
#include "render/udl_text.hpp"

namespace attn::cli {
namespace {

constexpr std::size_t kMaxDiagnoseBytes = 1u << 20;   // a printed 50 x 50 X' is ~20 kB

struct UdlFlags {
    experiments::UdlOptions options;
    std::vector<std::string> notebooks;     // the positional, as given
    std::optional<std::string> mistake, diagnose, text;
    experiments::DecodingOptions decoding;   // 12.4
    std::optional<std::string> model, vocab, prompt;
    std::optional<std::string> attention;   // 12.4: --attention L,H or all
    std::optional<long> cell;
    std::vector<long> cells;
    std::vector<std::string> given_124, given_seeds;   // 12.4's flags and --seed-x/--seed-w, as given
};

// A flag of one notebook given to another is refused, never ignored (one line naming the flag and
// the notebooks it belongs to, exit 2). A --mistake of another notebook is named as such.
void refuse_other_notebooks(const UdlFlags& f, bool nb124, bool heatmap) {
    if (!nb124) {
        if (!f.given_124.empty()) throw UsageError(f.given_124.front(), "applies to notebook 12.4 only");
        if (f.mistake) {
            const std::vector<std::string> m = experiments::decoding_mistake_names();
            if (std::find(m.begin(), m.end(), *f.mistake) != m.end())
                throw UsageError("--mistake", *f.mistake + " is a mistake of 12.4, not of " + f.notebooks.front());
        }
        return;
    }
    if (!f.given_seeds.empty()) throw UsageError(f.given_seeds.front(), "applies to notebooks 12.1, 12.2 and 12.3 only (12.4 has --seed)");
    const experiments::UdlOptions& o = f.options;
    if (o.n || o.d || o.h) throw UsageError(o.n ? "--n" : o.d ? "--d" : "--h", "applies to notebooks 12.1 and 12.2 only");
    if (f.text || o.tokenize.merges) throw UsageError(f.text ? "--text" : "--merges", "applies to notebook 12.3 only");
    if (heatmap) throw UsageError("--heatmap", "applies to notebooks 12.1 and 12.2 only");
    if (f.mistake) {
        for (experiments::UdlNotebook nb : {experiments::UdlNotebook::nb12_2, experiments::UdlNotebook::nb12_3}) {
            const std::vector<std::string> m = experiments::udl_mistake_names(nb);
            if (std::find(m.begin(), m.end(), *f.mistake) != m.end())
                throw UsageError("--mistake", *f.mistake + " is a mistake of " + experiments::udl_notebook_name(nb) +
                                                  ", not of 12.4");
        }
    }
}

constexpr char kModelEnvironment[] = "ATTN_GPT2_MODEL";   // --model's default (docs/udl.md)

bool decoding(const UdlFlags& f) { return f.notebooks.size() == 1 && f.notebooks.front() == "12.4"; }

// 12.4's options: the flags, --model from the environment when not given. Their values are
// validated once, by the experiment that runs them (run_udl_decoding, diagnose_decoding).
experiments::DecodingOptions decoding_options(const UdlFlags& f) {
    experiments::DecodingOptions o = f.decoding;
    if (f.model) o.model = *f.model;
    else if (const char* env = std::getenv(kModelEnvironment); env && *env) o.model = env;
    if (f.vocab) o.vocab = *f.vocab;
    if (f.prompt) o.prompt = *f.prompt;
    if (f.cell) o.cells.push_back(*f.cell);
    o.cells.insert(o.cells.end(), f.cells.begin(), f.cells.end());
    if (f.mistake) o.mistake = experiments::parse_decoding_mistake(*f.mistake);
    return o;
}

std::string read_input(const std::string& path);

// --attention L,H (0-based, checked against the model later) or all (nullopt).
std::optional<std::pair<long, long>> parse_attention(const std::string& text) {
    if (text == "all") return std::nullopt;
    const std::size_t comma = text.find(',');
    auto number = [](const std::string& s, long& out) {
        if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return false;
        out = std::stol(s);
        return true;
    };
    long layer = 0, head = 0;
    if (comma == std::string::npos || !number(text.substr(0, comma), layer) || !number(text.substr(comma + 1), head))
        throw UsageError("--attention", "takes L,H (a layer and a head, 0-based, e.g. 0,1) or all (got '" + text + "')");
    return std::make_pair(layer, head);
}

// --attention: GPT-2's own attention on the prompt (text as udl124.py --attention prints it,
// --heatmap, --svg: a head's picture, or with all one grid of every layer and head; JSON).
int run_attention(const ExperimentTarget<UdlFlags>& t, const results::Invocation& record) {
    const UdlFlags& f = t.options;
    if (f.diagnose) throw UsageError("--attention", "does not apply with --diagnose");
    if (f.cell || !f.cells.empty()) throw UsageError(f.cell ? "--cell" : "--cells", "does not apply with --attention (it shows the prompt)");
    if (f.mistake) throw UsageError("--mistake", "does not apply with --attention");
    const auto layer_head = parse_attention(*f.attention);
    refuse_other_notebooks(f, true, false);   // --heatmap draws 12.4's attention here
    const results::UdlAttentionReport r = experiments::run_udl_attention(decoding_options(f), layer_head);
    if (!r.inferred.empty()) std::fprintf(stderr, "attn: %s\n", r.inferred.c_str());
    if (!t.pictures.svg.empty())
        write_svg(t.pictures, layer_head ? render::svg::heatmaps_svg(render::udl_attention_heatmaps(r))
                                         : render::svg::attention_grid_svg(r));
    if (t.presentation.format == Format::json) {
        write_stdout(render::udl_attention_json(r, record));
        return 0;
    }
    write_stdout(render::udl_attention_text(r));
    if (t.pictures.heatmap) write_stdout(heatmaps_text(render::udl_attention_heatmaps(r), t.pictures));
    return 0;
}

// Notebook 12.4: the printed lines on standard output, a note on standard error for what the
// notebook raised (exit 1) or for the weights it lacked (exit 4).
int run_decoding(const ExperimentTarget<UdlFlags>& t, const results::Invocation& record) {
    if (t.options.attention) return run_attention(t, record);
    refuse_other_notebooks(t.options, true, t.pictures.heatmap);
    const experiments::DecodingOptions o = decoding_options(t.options);
    if (t.options.diagnose) {
        if (!t.pictures.svg.empty()) throw UsageError("--svg", "does not apply with --diagnose");
        const results::UdlDecodingDiagnosis d = experiments::diagnose_decoding(o, read_input(*t.options.diagnose));
        write_stdout(t.presentation.format == Format::json ? render::udl_decoding_diagnosis_json(d, record)
                                                           : render::udl_decoding_diagnosis_text(d));
        return d.match == "right" ? kExitOk : kExitFailedCheck;
    }
    const results::UdlDecodingReport r = [&] {
        if (t.presentation.format == Format::json) return experiments::run_udl_decoding(o);
        StderrProgress progress("attn udl 12.4:");   // on a terminal only; erased before anything is printed
        return experiments::run_udl_decoding(o, progress.steps());
    }();
    if (!r.inferred.empty()) std::fprintf(stderr, "attn: %s\n", r.inferred.c_str());
    if (!t.pictures.svg.empty()) write_svg(t.pictures, render::svg::decoding_svg(r));
    write_stdout(t.presentation.format == Format::json ? render::udl_decoding_json(r, record) : render::udl_decoding_text(r));
    finish_stdout();
    if (r.raised_cell || r.raised_at_prompt) {
        std::fprintf(stderr, "attn: %s\n", render::udl_decoding_raised(r).c_str());
        return kExitFailedCheck;
    }
    if (r.model_missing) {
        std::fprintf(stderr, "attn: %s\n", render::udl_decoding_model_missing().c_str());
        return kExitNoWeights;
    }
    return kExitOk;
}

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

// The notebooks NOTEBOOK names: 12.1, 12.2 and 12.3 (experiments/udl.hpp) and 12.4
// (experiments/udl_decoding.hpp).
std::vector<std::string> notebook_names() {
    std::vector<std::string> names;
    for (experiments::UdlNotebook n : experiments::udl_notebooks()) names.push_back(experiments::udl_notebook_name(n));
    names.push_back("12.4");
    return names;
}
std::string notebook_list() {
    const std::vector<std::string> names = notebook_names();
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

// 12.1, 12.2 and 12.3's options; their values are validated once, by the experiment that runs
// them (run_udl, diagnose_udl, diagnose_tokenize).
experiments::UdlOptions to_options(const UdlFlags& f) {
    experiments::UdlOptions o = f.options;
    if (f.notebooks.size() != 1)
        throw UsageError("NOTEBOOK", f.notebooks.empty() ? "give " + notebook_list()
                                                          : "give one notebook, " + notebook_list());
    const std::vector<std::string> names = notebook_names();
    if (std::find(names.begin(), names.end(), f.notebooks.front()) == names.end())
        throw UsageError("NOTEBOOK", "must be one of " + notebook_list() + " (got '" + f.notebooks.front() + "')");
    o.notebook = experiments::parse_udl_notebook(f.notebooks.front());
    refuse_other_notebooks(f, false, false);
    if (f.text) o.tokenize.text = *f.text;
    if (f.mistake) experiments::set_udl_mistake(o, *f.mistake);
    return o;
}

// The flag, parsed as before, and its name kept in `given` (which notebook's flags were given).
Option<UdlFlags> noted(Option<UdlFlags> flag, std::vector<std::string> UdlFlags::*given) {
    flag.parse = [parse = flag.parse, name = flag.flag.name, given](UdlFlags& f, const std::string& text) {
        parse(f, text);
        (f.*given).push_back(name);
    };
    return flag;
}

}  // namespace

Command udl_command() {
    using Report = results::UdlReport;
    const std::string seeds = "0.." + std::to_string(experiments::kUdlMaxSeed);   // as range_text, in 64 bits
    const std::string size_range = range_text(1L, experiments::kUdlMaxSize);
    Experiment<UdlFlags, Report> e;
    e.name = "udl";
    e.summary = "The Understanding Deep Learning notebooks 12.1, 12.2, 12.3 and 12.4, replayed cell by cell";
    e.footer =
        "NOTEBOOK is 12.1 (self-attention from scratch), 12.2 (multi-head self-attention) or\n"
        "12.3 (tokenization: byte-pair encoding of the sailor rhyme of figure 12.8, or --text) or\n"
        "12.4 (decoding strategies over GPT-2: --model DIR or $ATTN_GPT2_MODEL, a Hugging Face gpt2\n"
        "folder; without it cell 7 runs from --vocab and attn exits 4 saying where GPT-2 comes from).\n"
        "With no flags it prints what the solved notebook prints; 12.1 and 12.2 draw from NumPy's\n"
        "legacy generator (np.random.seed, np.random.normal), so their printed true values appear.\n"
        "--mistake replays a common wrong solution of 12.2, 12.3 or 12.4. --diagnose FILE (- for\n"
        "standard input) reads what a notebook printed (12.2: X'; 12.3: the last Tokens and\n"
        "Vocabulary lines, or the whole transcript; 12.4: the lines of one decoder's cells, --cells\n"
        "naming them if you like) and names the computation it comes from:\n"
        "exit 0 the right answer, 1 a mistake or no match, 2 not enough or not the expected\n"
        "print, 3 the file cannot be opened.";
    Option<UdlFlags> notebook;
    notebook.flag.kind = Flag::Kind::positional;
    notebook.flag.name = "NOTEBOOK";
    notebook.flag.type_name = "NOTEBOOK";
    notebook.flag.help = notebook_list();
    notebook.flag.choices = notebook_names();
    notebook.parse = [](UdlFlags& f, const std::string& text) { f.notebooks.push_back(text); };
    notebook.value = [](const UdlFlags& f) {
        return results::SettingValue(f.notebooks.empty() ? std::string() : f.notebooks.front());
    };

    // The sizes the run used (given, or the notebook's), for JSON's record of the run.
    auto sizes = [](const UdlFlags& f) {
        experiments::UdlOptions o = f.options;
        if (!f.notebooks.empty() && !decoding(f)) o.notebook = experiments::parse_udl_notebook(f.notebooks.front());
        return experiments::udl_sizes(o);
    };
    // np.random.seed's seeds, as text like every seed in attn's JSON.
    auto seed = [seeds](const std::string& name, const std::string& help, std::int64_t experiments::UdlOptions::*field) {
        Option<std::int64_t> flag = int64_flag(name, help, experiments::UdlOptions{}.*field, seeds);
        flag.value = [](std::int64_t value) { return results::SettingValue(std::to_string(value)); };
        return noted(lift(&UdlFlags::options, lift(field, flag)), &UdlFlags::given_seeds);
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
        given_text_flag("--mistake", "NAME", "12.2, 12.3, 12.4: replay a common wrong solution");
    for (auto nb : {experiments::UdlNotebook::nb12_2, experiments::UdlNotebook::nb12_3}) {
        std::string names;
        mistake.flag.choices_after.push_back({experiments::udl_notebook_name(nb), {}});
        for (const auto& name : experiments::udl_mistake_names(nb)) {
            mistake.flag.choices.push_back(name);
            mistake.flag.choices_after.back().second.push_back(name);
            names += (names.empty() ? "" : ", ") + name;
        }
        mistake.flag.help += "; " + std::string(experiments::udl_notebook_name(nb)) + ": " + names;
    }
    {
        std::string names;
        for (const auto& name : experiments::decoding_mistake_names()) {
            mistake.flag.choices.push_back(name);
            names += (names.empty() ? "" : ", ") + name;
        }
        mistake.flag.help += "; 12.4: " + names;
    }
    const experiments::DecodingOptions d{};
    auto seed_text = [](Option<long> flag) {   // seeds as decimal text, like every seed in attn's JSON
        flag.value = [](long value) { return results::SettingValue(std::to_string(value)); };
        return flag;
    };
    auto dec = [](auto field, auto flag) { return lift(&UdlFlags::decoding, lift(field, flag)); };
    std::vector<Option<UdlFlags>> decoding_flags = {
        lift(&UdlFlags::model, given_text_flag("--model", "DIR|FILE",
                                               std::string("12.4: GPT-2, a Hugging Face gpt2 folder or a .safetensors file (default: $") +
                                                   kModelEnvironment + ")")),
        lift(&UdlFlags::vocab, given_text_flag("--vocab", "DIR",
                                               "12.4: vocab.json + merges.txt or encoder.json + vocab.bpe (default: the model folder)")),
        lift(&UdlFlags::attention, given_text_flag("--attention", "L,H|all",
                                                   "12.4: GPT-2's attention on the prompt, layer L head H (0-based) as the chapter "
                                                   "prints A, or all (--svg: every layer and head in one grid)")),
        lift(&UdlFlags::prompt, given_text_flag("--prompt", "TEXT", std::string("12.4: the prompt (default: ") + experiments::kUdlPrompt + ")")),
        dec(&experiments::DecodingOptions::seed, seed_text(int_flag("--seed", "12.4: set_seed's np.random.seed", d.seed, seeds))),
        dec(&experiments::DecodingOptions::tokens, int_flag("--tokens", "12.4: tokens per loop, and beam_length", d.tokens, range_text(0L, 10000L))),
        dec(&experiments::DecodingOptions::k, int_flag("--k", "12.4: top-k's k", d.k, "1..V")),
        dec(&experiments::DecodingOptions::thresh, number_flag("--thresh", "12.4: nucleus threshold", d.thresh, "a finite float32")),
        dec(&experiments::DecodingOptions::beams, int_flag("--beams", "12.4: n_beam", d.beams, range_text(1L, 1000L))),
        dec(&experiments::DecodingOptions::kth, int_list_flag("--kth", "12.4: cell 26's ranks, in order", d.kth, "0..V-1", "")),
        dec(&experiments::DecodingOptions::token_seed,
            seed_text(int_flag("--token-seed", "12.4: cell 7's np.random.seed", d.token_seed, seeds))),
        dec(&experiments::DecodingOptions::legacy_decode, toggle_flag("--legacy-decode", "12.4: decode as transformers <= 4.44 (space clean-up)")),
    };
    Option<long> cell_given = int_flag("--cell", "12.4: print only this cell, as the whole run prints it", 0, "7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 28");
    Option<std::optional<long>> cell_flag;
    cell_flag.flag = cell_given.flag;
    cell_flag.flag.default_text = "all";
    cell_flag.parse = [parse = cell_given.parse](std::optional<long>& value, const std::string& text) {
        long v = 0;
        parse(v, text);
        value = v;
    };
    cell_flag.value = [](const std::optional<long>& v) { return results::SettingValue(v.value_or(0L)); };
    decoding_flags.push_back(lift(&UdlFlags::cell, cell_flag));
    decoding_flags.push_back(lift(&UdlFlags::cells, int_list_flag("--cells", "12.4: print only these cells", {}, "printing cells", "all")));
    for (Option<UdlFlags>& flag : decoding_flags) flag = noted(flag, &UdlFlags::given_124);
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
    const std::vector<Option<UdlFlags>> udl_flags = {
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
                                       "12.2, 12.3, 12.4: name the computation behind the print in FILE (- reads standard input)")),
              };
    e.flags = options<UdlFlags>(udl_flags + decoding_flags) + pictures<UdlFlags>(heatmap_flags()) + pictures<UdlFlags>({svg_flag()}) + presented<UdlFlags>({format});
    e.has_lang = false;
    e.check = [](const UdlFlags& f) {   // which flags go with which notebook; the values: the run's
        if (decoding(f)) refuse_other_notebooks(f, true, false);
        else to_options(f);
    };
    e.instead = [](const ExperimentTarget<UdlFlags>& t, const results::Invocation& record) -> std::optional<int> {
        if (decoding(t.options)) return run_decoding(t, record);
        const experiments::UdlOptions o = to_options(t.options);
        const bool tokenize = o.notebook == experiments::UdlNotebook::nb12_3;
        if (tokenize && t.pictures.heatmap) throw UsageError("--heatmap", "applies to notebooks 12.1 and 12.2 only");
        if (!t.options.diagnose) return std::nullopt;
        if (t.pictures.heatmap || !t.pictures.svg.empty())
            throw UsageError(t.pictures.heatmap ? "--heatmap" : "--svg", "does not apply with --diagnose");
        if (tokenize) {
            experiments::validate(o);   // (diagnose_tokenize reads the printed text against these options)
            const results::UdlTokenizeDiagnosis d = experiments::diagnose_tokenize(o.tokenize, read_input(*t.options.diagnose));
            write_stdout(t.presentation.format == Format::json ? render::udl_tokenize_diagnosis_json(d, record)
                                                               : render::udl_tokenize_diagnosis_text(d));
            return d.match == "right" ? kExitOk : kExitFailedCheck;
        }
        if (o.notebook != experiments::UdlNotebook::nb12_2)
            throw UsageError("--diagnose", "applies to notebooks 12.2, 12.3 and 12.4 only");
        const results::UdlDiagnosis d = experiments::diagnose_udl(o, read_input(*t.options.diagnose), numpy_printer());
        write_stdout(t.presentation.format == Format::json ? render::udl_diagnosis_json(d, record)
                                                           : render::udl_diagnosis_text(d));
        return d.match == "right" ? kExitOk : kExitFailedCheck;
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
