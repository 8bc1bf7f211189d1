// attn: glue only. The one file that includes CLI11: it binds flags to each experiment's Options,
// runs the experiment, hands its Report to the text renderer, and is the one catch site that
// turns errors into `attn: error: …` and an exit code (0 ok, 1 failed check, 2 usage, 3 I/O).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "cli/parse_flags.hpp"
#include "core/errors.hpp"
#include "experiments/attention.hpp"
#include "experiments/checks.hpp"
#include "experiments/lesson.hpp"
#include "experiments/mask.hpp"
#include "experiments/multihead.hpp"
#include "experiments/permutation.hpp"
#include "experiments/scaling.hpp"
#include "homework/homework.hpp"
#include "render/attention_text.hpp"
#include "render/lesson_text.hpp"
#include "render/mask_text.hpp"
#include "render/multihead_text.hpp"
#include "render/permutation_text.hpp"
#include "render/scaling_text.hpp"

namespace {

using attn::cli::parse_double;
using attn::cli::parse_int;
using attn::cli::parse_int_list;
using attn::cli::parse_seed;
using attn::experiments::kMaxDimension;

// Raw flag texts; each is parsed (with its range in the message) only after CLI11 is done.
struct Flag {
    std::string text;
    bool given = false;
};

// `type` is what --help shows after the flag: INT, LIST, NUM, SEED, FILE, ID, …
CLI::Option* add_flag(CLI::App* app, const std::string& name, Flag& flag,
                      const std::string& help, const std::string& type = "INT") {
    return app
        ->add_option_function<std::string>(
            name,
            [&flag](const std::string& value) {
                flag.text = value;
                flag.given = true;
            },
            help)
        ->type_name(type);
}

void write(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// --seed and the sizes --d, --n, --dq that most experiments share.
struct ShapeFlags {
    Flag seed, d, n, dq;

    // Registers --seed, and each of --d, --n, --dq whose default is not 0.
    void add(CLI::App* cmd, long d_default, long n_default, long dq_default) {
        add_flag(cmd, "--seed", seed, "generator seed, a non-negative integer of any size (default 0)",
                 "SEED");
        const auto with_default = [](const char* what, long value) {
            return std::string(what) + " (default " + std::to_string(value) + ")";
        };
        if (d_default) add_flag(cmd, "--d", d, with_default("model width D, rows of X", d_default));
        if (n_default) add_flag(cmd, "--n", n, with_default("positions N, columns of X", n_default));
        if (dq_default) add_flag(cmd, "--dq", dq, with_default("query/key width Dq", dq_default));
    }

    // Parses the flags given into the options; null targets are flags the command lacks.
    void apply(std::string& seed_out, long* d_out, long* n_out, long* dq_out) const {
        if (seed.given) seed_out = parse_seed("--seed", seed.text);
        if (d_out && d.given) *d_out = parse_int("--d", d.text, 1, kMaxDimension);
        if (n_out && n.given) *n_out = parse_int("--n", n.text, 1, kMaxDimension);
        if (dq_out && dq.given) *dq_out = parse_int("--dq", dq.text, 1, kMaxDimension);
    }
};

// ---- section 3 ----------------------------------------------------------------------------
void add_attention(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "attention", "Section 3 (三、比重從哪裡來): the attention matrix of a small meeting");
    cmd->footer("Replays chapter section 3 and ../shared/reference/attention.py, byte for byte.");
    static ShapeFlags shape;
    static Flag col;
    shape.add(cmd, 6, 5, 4);
    add_flag(cmd, "--col", col, "1-based output position whose scores and weights are shown (default 3)");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::AttentionOptions o;
            shape.apply(o.seed, &o.d, &o.n, &o.dq);
            if (col.given) o.col = parse_int("--col", col.text, 1, kMaxDimension);
            write(attn::render::attention_text(attn::experiments::run_attention(o)));
            return 0;
        };
    });
}

// ---- section 4: saturation --------------------------------------------------------------------
void add_scaling(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "scaling", "Section 4 (兩塊補丁): softmax saturation against Dq, with and without 1/sqrt(Dq)");
    cmd->footer(
        "Replays chapter section 4 and ../shared/reference/scaling.py, byte for byte.\n"
        "One generator stream is consumed by the sweep in order, as the chapter's\n"
        "`for Dq in (4, 50, 400)` loop does; --dq only chooses which rows are printed.\n"
        "A --dq value that is not in the sweep is appended to it, so `attn scaling --dq 400`\n"
        "prints the chapter's own Dq=400 line from the same stream.");
    static ShapeFlags shape;
    static Flag r, sweep, dq;
    shape.add(cmd, 0, 5, 0);
    add_flag(cmd, "--r", r, "repeats per Dq (default 2000)");
    add_flag(cmd, "--sweep", sweep, "Dq values run in order, comma-separated (default 4,50,400)", "LIST");
    add_flag(cmd, "--dq", dq, "Dq rows to print, comma-separated (default: the whole sweep)", "LIST");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::ScalingOptions o;
            shape.apply(o.seed, nullptr, &o.n, nullptr);
            if (r.given) o.repeats = parse_int("--r", r.text, 1, kMaxDimension);
            if (sweep.given) o.sweep = parse_int_list("--sweep", sweep.text, 1, kMaxDimension);
            if (dq.given) o.shown = parse_int_list("--dq", dq.text, 1, kMaxDimension);
            write(attn::render::scaling_text(attn::experiments::run_scaling(o)));
            return 0;
        };
    });
}

// ---- section 4: permutation equivariance ---------------------------------------------------
void add_permutation(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "permutation", "Section 4 (兩塊補丁): permutation equivariance, and positional encoding");
    cmd->footer("Replays chapter section 4 and ../shared/reference/permutation.py, byte for byte.");
    static ShapeFlags shape;
    static Flag perm, base;
    shape.add(cmd, 6, 5, 4);
    add_flag(cmd, "--perm", perm, "0-based permutation of 0..N-1 (default 2,0,4,1,3; required when N != 5)", "LIST");
    add_flag(cmd, "--base", base, "base of the sinusoidal positional encoding (default 100)", "NUM");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::PermutationOptions o;
            shape.apply(o.seed, &o.d, &o.n, &o.dq);
            if (perm.given) {
                o.perm = parse_int_list("--perm", perm.text, 0, kMaxDimension - 1);
                o.perm_given = true;
            }
            if (base.given) o.base = parse_double("--base", base.text, 1e-300, 1e300);
            write(attn::render::permutation_text(attn::experiments::run_permutation(o)));
            return 0;
        };
    });
}

// ---- section 5 ------------------------------------------------------------------------------
void add_multihead(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "multihead", "Section 5 (多頭): parameters and multiplications against the head count H");
    cmd->footer(
        "Replays chapter section 5 and ../shared/reference/multihead.py, byte for byte.\n"
        "Every head and the Ωc mix are really computed; the counts come from the products run.\n"
        "--h chooses the printed rows; values not in the sweep are appended to it.");
    static ShapeFlags shape;
    static Flag sweep, h;
    shape.add(cmd, 48, 10, 0);
    add_flag(cmd, "--sweep", sweep, "head counts run in order (default 1,2,3,6); each divides D");
    add_flag(cmd, "--h", h, "head counts to print (default: the whole sweep)", "LIST");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::MultiheadOptions o;
            shape.apply(o.seed, &o.d, &o.n, nullptr);
            if (sweep.given) o.sweep = parse_int_list("--sweep", sweep.text, 1, kMaxDimension);
            if (h.given) o.shown = parse_int_list("--h", h.text, 1, kMaxDimension);
            write(attn::render::multihead_text(attn::experiments::run_multihead(o)));
            return 0;
        };
    });
}

// ---- section 6 ------------------------------------------------------------------------------
void add_mask(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "mask", "Section 6 (遮罩): the causal mask, and what shifting a later input changes");
    cmd->footer("Replays chapter section 6 and ../shared/reference/mask.py, byte for byte.");
    static ShapeFlags shape;
    static Flag pos, delta;
    shape.add(cmd, 6, 5, 4);
    add_flag(cmd, "--pos", pos, "1-based position P whose input is shifted, 2..N (default 4)");
    add_flag(cmd, "--delta", delta, "the shift added to input P, in -1e6..1e6 (default 5.0)", "NUM");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::MaskOptions o;
            shape.apply(o.seed, &o.d, &o.n, &o.dq);
            if (pos.given) o.pos = parse_int("--pos", pos.text, 2, kMaxDimension);
            if (delta.given) o.delta = parse_double("--delta", delta.text, -1e6, 1e6);
            write(attn::render::mask_text(attn::experiments::run_mask(o)));
            return 0;
        };
    });
}

// ---- the companion lesson (注意力機制, `python attention.py`) -------------------------------
void add_lesson(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "lesson", "The companion lesson 注意力機制 (`python attention.py`), sections 1-5 in float32");
    cmd->footer(
        "Replays the lesson's attention.py and ../shared/reference/lesson.py from one\n"
        "torch.manual_seed(0) stream: 1 averaging matrix, 2 dot-product scores of 光,\n"
        "3 causal mask, 4 why divide by sqrt(d), 5 one full attention head. Every section runs,\n"
        "so the random numbers are the same whichever are shown. Section 5's last figure is\n"
        "attn's own: the step-by-step head against attn's one-pass online-softmax kernel\n"
        "(a float32 rounding artefact, below 1e-6).");
    static std::vector<std::string> sections;
    static Flag query;
    static bool no_mask = false;
    cmd->add_option("SECTION", sections, "sections to print, 1..5 (default: all five)");
    add_flag(cmd, "--query", query,
             "section 2: 光's query as two numbers a,b, each in -1e6..1e6 (default 1,0; exercise 1)", "A,B");
    cmd->add_flag("--no-mask", no_mask,
                  "section 5 without the causal mask, both implementations (exercise 2)");
    cmd->callback([&run] {
        run = [] {
            attn::experiments::LessonOptions o;
            for (const auto& s : sections) o.sections.push_back(parse_int("SECTION", s, 1, 5));
            if (query.given) {
                const auto q = attn::cli::parse_double_list("--query", query.text, 2,
                                                            -attn::experiments::kMaxQuery,
                                                            attn::experiments::kMaxQuery);
                o.query = {q[0], q[1]};
            }
            o.no_mask = no_mask;
            write(attn::render::lesson_text(attn::experiments::run_lesson(o)));
            return 0;
        };
    });
}

// ---- section 04 (作業和解答): homework ---------------------------------------------------------
void add_homework(CLI::App& app, std::function<int()>& run) {
    auto* cmd = app.add_subcommand(
        "homework", "Section 04 (作業和解答): worked solutions, answer sheets, and grading");
    cmd->footer(
        "Without flags prints the worked solutions of problem 1, 2, 3 (or all), every number\n"
        "recomputed by the core. --template prints a blank TOML answer sheet, --key the filled one;\n"
        "--grade FILE grades a sheet: exit 0 all right, 1 wrong or missing answers, 2 unreadable\n"
        "sheet or bad flag, 3 file cannot be opened. Reports are written even when answers are\n"
        "wrong; a Markdown summary is appended to $GITHUB_STEP_SUMMARY when it is set.");
    static Flag problem, grade, junit, gradescope, points, variant;
    static bool want_template = false, want_key = false;
    cmd->add_option_function<std::string>(
        "problem", [](const std::string& value) { problem.text = value; problem.given = true; },
        "1, 2 or 3: one problem only (default: all three)");
    cmd->add_flag("--template", want_template, "print a blank answer sheet (TOML)");
    cmd->add_flag("--key", want_key, "print the answer key as a filled answer sheet (TOML)");
    add_flag(cmd, "--grade", grade, "grade the answer sheet FILE (TOML; - reads standard input)", "FILE");
    add_flag(cmd, "--junit", junit, "with --grade: write a JUnit XML report to FILE", "FILE");
    add_flag(cmd, "--gradescope", gradescope, "with --grade: write a Gradescope results.json to FILE", "FILE");
    add_flag(cmd, "--points", points,
             "with --grade: points per key, part or problem, e.g. hw3=2,hw1.c.slope_a=0.5 (default 1 each)", "RULES");
    add_flag(cmd, "--variant", variant,
             "derive other numbers from ID (e.g. a student number); default: the chapter's", "ID");
    cmd->callback([&run] {
        run = [] {
            using attn::homework::HomeworkOptions;
            HomeworkOptions o;
            if (problem.given) o.problem = static_cast<int>(parse_int("problem", problem.text, 1, 3));
            if (want_template + want_key + grade.given > 1) {
                throw attn::UsageError("--grade", "choose one of --template, --key and --grade");
            }
            if (want_template) o.mode = HomeworkOptions::Mode::template_sheet;
            if (want_key) o.mode = HomeworkOptions::Mode::key;
            if (grade.given) {
                o.mode = HomeworkOptions::Mode::grade;
                o.sheet = grade.text;
            }
            for (const auto* f : {&junit, &gradescope, &points}) {
                if (f->given && !grade.given) {
                    const char* name = f == &junit ? "--junit" : f == &gradescope ? "--gradescope" : "--points";
                    throw attn::UsageError(name, "only goes with --grade FILE");
                }
            }
            if (junit.given) o.junit = junit.text;
            if (gradescope.given) o.gradescope = gradescope.text;
            if (points.given) o.points = attn::homework::parse_point_rules("--points", points.text);
            if (variant.given) {
                if (variant.text.empty()) throw attn::UsageError("--variant", "the ID is empty");
                o.variant = variant.text;
            }
            if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY")) o.step_summary = summary;
            const attn::homework::HomeworkOutput result = attn::homework::run_homework(o);
            write(result.out);
            std::fflush(stdout);
            std::fwrite(result.err.data(), 1, result.err.size(), stderr);
            return result.code;
        };
    });
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"attn: replays chapter 12 (Transformers and self-attention) number for number,\n"
                 "and grades its homework. Each subcommand replays one section of the chapter."};
    app.set_version_flag("--version", std::string("attn ") + ATTN_VERSION);
    app.require_subcommand(1);
    std::function<int()> run;
    add_attention(app, run);
    add_scaling(app, run);
    add_permutation(app, run);
    add_multihead(app, run);
    add_mask(app, run);
    add_lesson(app, run);
    add_homework(app, run);

    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        std::string names;
        for (const CLI::App* sub : app.get_subcommands({})) {
            known = known || sub->get_name() == argv[1];
            names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        if (!known) {
            std::fprintf(stderr, "attn: error: unknown subcommand '%s' (choose from %s)\n", argv[1],
                         names.c_str());
            return 2;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "attn: error: %s (see attn --help)\n", e.what());
        return 2;
    }
    try {
        const int code = run ? run() : 0;
        std::fflush(stdout);
        return code;
    } catch (const attn::UsageError& e) {
        std::fprintf(stderr, "attn: error: %s\n", e.what());
        return 2;
    } catch (const attn::IoError& e) {
        std::fprintf(stderr, "attn: error: %s\n", e.what());
        return 3;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "attn: error: out of memory\n");
        return 2;
    }
}
