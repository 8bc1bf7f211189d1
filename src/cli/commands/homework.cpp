// `attn homework`: chapter section 04 (作業和解答), worked solutions, answer sheets and grading.
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/parse_flags.hpp"
#include "cli/presentation.hpp"
#include "core/errors.hpp"
#include "homework/answer_key.hpp"
#include "homework/homework.hpp"
#include "homework/problems.hpp"
#include "homework/variant.hpp"
#include "render/json/homework_key_json.hpp"

namespace attn::cli {
namespace {

// The flags as given; turned into HomeworkOptions once parsing is done, since the modes and
// the report flags constrain each other.
struct HomeworkFlags {
    long problem = 0;
    std::vector<long> problems;
    bool want_template = false, want_key = false;
    std::string grade, junit, gradescope, points, variant;
    bool grade_given = false, junit_given = false, gradescope_given = false, points_given = false,
         variant_given = false;
};

homework::HomeworkOptions to_options(const HomeworkFlags& f) {
    using homework::HomeworkOptions;
    HomeworkOptions o;
    if (f.problems.size() > 1) throw UsageError("problem", "give one problem number, 1..3");
    if (!f.problems.empty()) {
        if (f.problems[0] < 1 || f.problems[0] > 3) {
            throw UsageError("problem", "must be in 1..3 (got " + std::to_string(f.problems[0]) + ")");
        }
        o.problem = static_cast<int>(f.problems[0]);
    }
    if (f.want_template + f.want_key + f.grade_given > 1) {
        throw UsageError("--grade", "choose one of --template, --key and --grade");
    }
    if (f.want_template) o.mode = HomeworkOptions::Mode::template_sheet;
    if (f.want_key) o.mode = HomeworkOptions::Mode::key;
    if (f.grade_given) {
        o.mode = HomeworkOptions::Mode::grade;
        o.sheet = f.grade;
    }
    const std::pair<const char*, bool> graded_only[] = {
        {"--junit", f.junit_given}, {"--gradescope", f.gradescope_given}, {"--points", f.points_given}};
    for (const auto& [name, given] : graded_only) {
        if (given && !f.grade_given) throw UsageError(name, "only goes with --grade FILE");
    }
    o.junit = f.junit;
    o.gradescope = f.gradescope;
    if (f.points_given) o.points = homework::parse_point_rules("--points", f.points);
    if (f.variant_given) {
        if (f.variant.empty()) throw UsageError("--variant", "the ID is empty");
        o.variant = f.variant;
    }
    if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY")) o.step_summary = summary;
    return o;
}

}  // namespace

Command homework_command() {
    auto f = std::make_shared<HomeworkFlags>();
    auto p = std::make_shared<Presentation>();
    Command c;
    c.name = "homework";
    c.summary = "Section 04 (作業和解答): worked solutions, answer sheets, and grading";
    c.footer =
        "Without flags prints the worked solutions of problem 1, 2, 3 (or all), every number\n"
        "recomputed by the core. --template prints a blank TOML answer sheet, --key the filled one;\n"
        "--grade FILE grades a sheet: exit 0 all right, 1 wrong or missing answers, 2 unreadable\n"
        "sheet or bad flag, 3 file cannot be opened. Reports are written even when answers are\n"
        "wrong; a Markdown summary is appended to $GITHUB_STEP_SUMMARY when it is set.";
    c.flags = {
        positional_ints("problem", "1, 2 or 3: one problem only (default: all three)", f->problems, "1..3"),
        toggle_flag("--template", "print a blank answer sheet (TOML)", f->want_template),
        toggle_flag("--key", "print the answer key as a filled answer sheet (TOML)", f->want_key),
        given_text_flag("--grade", "FILE", "grade the answer sheet FILE (TOML; - reads standard input)",
                        f->grade, f->grade_given),
        given_text_flag("--junit", "FILE", "with --grade: write a JUnit XML report to FILE", f->junit,
                        f->junit_given),
        given_text_flag("--gradescope", "FILE", "with --grade: write a Gradescope results.json to FILE",
                        f->gradescope, f->gradescope_given),
        given_text_flag("--points", "RULES",
                        "with --grade: points per key, part or problem, e.g. hw3=2,hw1.c.slope_a=0.5 "
                        "(default 1 each)",
                        f->points, f->points_given),
        given_text_flag("--variant", "ID",
                        "derive other numbers from ID (e.g. a student number); default: the chapter's",
                        f->variant, f->variant_given),
    };
    Flag format = format_flag(*p);
    format.help = "text, or json with --key (the exact values, at full precision)";
    c.flags.push_back(std::move(format));
    c.run = [f, p, flags = c.flags] {
        const homework::HomeworkOptions options = to_options(*f);
        if (p->format == Format::json) {
            if (options.mode != homework::HomeworkOptions::Mode::key) {
                throw UsageError("--format", "json goes with --key only (the other modes print text)");
            }
            const homework::AnswerKey key = homework::build_answer_key(
                homework::solve(homework::make_variant(options.variant)), options.problem);
            if (f->problems.empty()) f->problems = {1, 2, 3};   // the record: the problems keyed
            write_stdout(render::homework_key_json(key, invocation("homework", flags)));
            return 0;
        }
        const homework::HomeworkOutput result = homework::run_homework(options);
        write_stdout(result.out);
        finish_stdout();
        std::fwrite(result.err.data(), 1, result.err.size(), stderr);
        return result.code;
    };
    return c;
}

}  // namespace attn::cli
