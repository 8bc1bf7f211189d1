// `attn udl 12.1|12.2`: the Understanding Deep Learning notebooks 12.1 and 12.2, cell by cell;
// --mistake replays a common wrong solution of 12.2, --diagnose names the one behind a printed X'.
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
#include "core/errors.hpp"
#include "experiments/udl.hpp"
#include "render/heatmap_views.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/udl_text.hpp"

namespace attn::cli {
namespace {

constexpr std::size_t kMaxDiagnoseBytes = 1u << 20;   // a printed 50 x 50 X' is ~20 kB

struct UdlFlags {
    experiments::UdlOptions options;
    std::vector<std::string> notebooks;     // the positional, as given
    std::string mistake, diagnose;
    bool mistake_given = false, diagnose_given = false;
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
        throw UsageError("--diagnose", "the input is over 1 MiB; a printed X' is a few kB");
    return text;
}

experiments::UdlOptions to_options(const UdlFlags& f) {
    experiments::UdlOptions o = f.options;
    if (f.notebooks.size() != 1)
        throw UsageError("NOTEBOOK", f.notebooks.empty() ? "give 12.1 or 12.2"
                                                          : "give one notebook, 12.1 or 12.2");
    o.notebook = f.notebooks.front();
    if (f.mistake_given) o.mistake = experiments::parse_udl_mistake(f.mistake);
    experiments::validate(o);
    return o;
}

}  // namespace

Command udl_command() {
    auto f = std::make_shared<UdlFlags>();
    auto p = std::make_shared<Pictures>();
    const std::string seeds = range_text(0L, 4294967295L);
    const std::string sizes = range_text(1L, experiments::kUdlMaxSize);
    Command c;
    c.name = "udl";
    c.summary = "The Understanding Deep Learning notebooks 12.1 and 12.2, replayed cell by cell";
    c.footer =
        "NOTEBOOK is 12.1 (self-attention from scratch) or 12.2 (multi-head self-attention).\n"
        "With no flags it prints what the solved notebook prints, from NumPy's legacy generator\n"
        "(np.random.seed, np.random.normal), so the notebooks' printed true values appear.\n"
        "--mistake replays a common wrong solution of 12.2. --diagnose FILE (- for standard\n"
        "input) reads the X' a notebook printed and names the computation it comes from:\n"
        "exit 0 the right answer, 1 a mistake or no match, 2 not a matrix of the expected\n"
        "shape, 3 the file cannot be opened.";
    Flag notebook;
    notebook.kind = Flag::Kind::positional;
    notebook.name = "NOTEBOOK";
    notebook.type_name = "NOTEBOOK";
    notebook.help = "12.1 or 12.2";
    notebook.choices = {"12.1", "12.2"};
    notebook.parse = [f](const std::string& text) { f->notebooks.push_back(text); };

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
        flag.value = nullptr;   // int_flag's would read `unused`; udl has no --format json yet
        return flag;
    };
    Flag n = optional_int("--n", "positions N", f->options.n, sizes, "3 for 12.1, 6 for 12.2");
    Flag d = optional_int("--d", "width D", f->options.d, sizes, "4 for 12.1, 8 for 12.2");
    Flag h = optional_int("--h", "12.2: heads H, a divisor of D", f->options.h, "1..D", "2");
    Flag mistake = given_text_flag("--mistake", "NAME", "12.2: replay a common wrong solution",
                                   f->mistake, f->mistake_given);
    for (experiments::UdlMistake m : experiments::udl_mistakes())
        mistake.choices.push_back(experiments::udl_mistake_name(m));
    mistake.help += " (" + [&] {
        std::string names;
        for (const auto& name : mistake.choices) names += (names.empty() ? "" : ", ") + name;
        return names;
    }() + ")";
    c.flags = {
        notebook,
        int_flag("--seed-x", "np.random.seed for the inputs", f->options.seed_x, seeds),
        int_flag("--seed-w", "np.random.seed for the weights", f->options.seed_w, seeds),
        n,
        d,
        h,
        mistake,
        given_text_flag("--diagnose", "FILE",
                        "12.2: name the computation behind the printed X' in FILE (- reads standard input)",
                        f->diagnose, f->diagnose_given),
    };
    for (Flag& flag : heatmap_flags(*p)) c.flags.push_back(flag);
    c.flags.push_back(svg_flag(*p));
    c.run = [f, p] {
        const experiments::UdlOptions o = to_options(*f);
        if (f->diagnose_given) {
            if (p->heatmap || !p->svg.empty())
                throw UsageError(p->heatmap ? "--heatmap" : "--svg", "does not apply with --diagnose");
            if (o.notebook != "12.2") throw UsageError("--diagnose", "applies to notebook 12.2 only");
            const report::UdlDiagnosis d = experiments::diagnose_udl(o, read_input(f->diagnose));
            write_stdout(render::udl_diagnosis_text(d));
            return d.match == "right" ? 0 : 1;
        }
        const report::UdlReport r = experiments::run_udl(o);
        if (!p->svg.empty()) write_svg(*p, render::svg::heatmaps_svg(render::udl_heatmaps(r)));
        write_stdout(render::udl_text(r));
        if (p->heatmap) write_stdout(heatmaps_text(render::udl_heatmaps(r), *p));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
