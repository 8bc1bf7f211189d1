// `attn udl 12.1|12.2`: the Understanding Deep Learning notebooks 12.1 and 12.2, cell by cell;
// --mistake replays a common wrong solution of 12.2, --diagnose names the one behind a printed X'.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
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

// FILE or "-" (standard input), whole. A FILE must be a regular file: it is opened without
// blocking (O_NONBLOCK) and its type checked before anything is read, so a FIFO with nobody at
// the other end, or a device, is refused at once, as the homework sheets are; a pipe is read
// from standard input ("cmd | attn udl 12.2 --diagnose -").
std::string read_input(const std::string& path) {
    const bool from_stdin = path == "-";
    const int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) throw IoError("--diagnose: cannot open '" + path + "': " + std::strerror(errno));
    const auto fail = [&](const std::string& why) {
        if (!from_stdin) ::close(fd);
        throw IoError("--diagnose: cannot read '" + path + "': " + why);
    };
    struct stat info {};
    if (!from_stdin && (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode))) {
        fail(S_ISDIR(info.st_mode) ? "a directory"
                                   : "not a regular file (a FIFO or device); give a file, or - for standard input");
    }
    std::string text;
    char buf[65536];
    while (text.size() <= kMaxDiagnoseBytes) {
        const ssize_t got = ::read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) fail(std::strerror(errno));
        if (got == 0) break;
        text.append(buf, static_cast<std::size_t>(got));
    }
    if (!from_stdin) ::close(fd);
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
    auto pres = std::make_shared<Presentation>();
    const std::string seeds = range_text(0L, 4294967295L);
    const std::string size_range = range_text(1L, experiments::kUdlMaxSize);
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
    notebook.value = [f] { return report::SettingValue(f->notebooks.empty() ? std::string() : f->notebooks.front()); };

    // The sizes the run used (given, or the notebook's), for JSON's record of the run.
    auto sizes = [f] {
        experiments::UdlOptions o = f->options;
        if (!f->notebooks.empty()) o.notebook = f->notebooks.front();
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
        seed("--seed-x", "np.random.seed for the inputs", f->options.seed_x, seeds),
        seed("--seed-w", "np.random.seed for the weights", f->options.seed_w, seeds),
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
    // --format only: the notebooks print English, so there is no --lang.
    Flag fmt = format_flag(*pres);
    fmt.help = "text (the notebook's lines, or the diagnosis) or json (every number at full precision)";
    c.flags.push_back(fmt);
    c.run = [f, p, pres, flags = c.flags] {
        const experiments::UdlOptions o = to_options(*f);
        if (p->heatmap) require_text_format(*pres, "--heatmap");
        if (f->diagnose_given) {
            if (p->heatmap || !p->svg.empty())
                throw UsageError(p->heatmap ? "--heatmap" : "--svg", "does not apply with --diagnose");
            if (o.notebook != "12.2") throw UsageError("--diagnose", "applies to notebook 12.2 only");
            const report::UdlDiagnosis d = experiments::diagnose_udl(o, read_input(f->diagnose));
            write_stdout(pres->format == Format::json ? render::udl_diagnosis_json(d, invocation("udl", flags))
                                                      : render::udl_diagnosis_text(d));
            return d.match == "right" ? 0 : 1;
        }
        const report::UdlReport r = experiments::run_udl(o);
        if (!p->svg.empty()) write_svg(*p, render::svg::heatmaps_svg(render::udl_heatmaps(r)));
        write_stdout(pres->format == Format::json ? render::udl_json(r, invocation("udl", flags))
                                                  : render::udl_text(r));
        if (p->heatmap) write_stdout(heatmaps_text(render::udl_heatmaps(r), *p));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
