// `attn homework`: chapter section 04 (作業和解答), worked solutions, answer sheets and grading.
// The flags parse once into homework::HomeworkFlags; src/homework/options.cpp checks how they
// combine and their ranges, and the homework glue reads the files they name.
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/usage.hpp"
#include "cli/parse_flags.hpp"
#include "cli/presentation.hpp"
#include "cli/progress.hpp"
#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/homework.hpp"
#include "homework/problems/book_problems.hpp"
#include "homework/problems/problems.hpp"
#include "homework/trust/student_id.hpp"
#include "homework/problems/variant.hpp"
#include "homework/key/key_json.hpp"
#include "homework/reports/report_formats.hpp"

namespace attn::cli {
namespace {

// The flags parse straight into homework::HomeworkFlags (each value once: the problem numbers as
// integers, the files as given, an empty FILE refused later rather than ignored); the format and
// language beside them.
struct Texts {
    homework::HomeworkFlags flags;
    Presentation presentation;
};

template <class Inner>
Option<Texts> homework_flag(Inner homework::HomeworkFlags::*part, Option<Inner> option) {
    return lift(&Texts::flags, lift(part, std::move(option)));
}

// A report format's flag (homework/reports/report_formats.hpp): its FILE into HomeworkFlags::report_files.
Option<Texts> report_flag(const homework::ReportFormat& format) {
    Option<Texts> o;
    o.flag = given_text_flag(format.flag, "FILE", format.help).flag;
    o.parse = [flag = format.flag](Texts& t, const std::string& text) { t.flags.report_files[flag] = text; };
    o.value = [flag = format.flag](const Texts& t) {
        const auto file = t.flags.report_files.find(flag);
        return results::SettingValue(file == t.flags.report_files.end() ? std::string() : file->second);
    };
    return o;
}

// The environment the homework glue reads, added to the parsed flags. Never throws: the report
// paths must be known even when a flag is refused.
homework::HomeworkFlags with_environment(homework::HomeworkFlags f) {
    if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY")) f.step_summary = summary;
    if (const char* secret = std::getenv("ATTN_COURSE_SECRET")) f.secret_env = secret;
    return f;
}

// CLI11 refused the command line (`--bogus`, `--format xml`, `--lang en_US`, `--variant` without
// its ID, a flag given twice), so `run` never ran: the report flags are read from the arguments as typed
// (`--gradescope F` or `--gradescope=F`; a value starting with '-' other than `-` is another flag,
// no value) and the refusal's score-0 reports replace the stale ones, as every other refusal does
// (issue 29).
void refused_command_line(const std::vector<std::string>& args, const std::string& error) {
    homework::HomeworkFlags f;
    const std::pair<const char*, std::optional<std::string> homework::HomeworkFlags::*> file_flags[] = {
        {"--grade", &homework::HomeworkFlags::grade},
        {"--course", &homework::HomeworkFlags::course},
        {"--secret-file", &homework::HomeworkFlags::secret_file},
    };
    // The value of `flag` at args[i], if args[i] gives it.
    const auto value_at = [&args](std::size_t i, const std::string& flag) -> std::optional<std::string> {
        if (args[i].compare(0, flag.size() + 1, flag + "=") == 0) return args[i].substr(flag.size() + 1);
        if (args[i] == flag && i + 1 < args.size() && (args[i + 1] == "-" || args[i + 1].rfind('-', 0) != 0)) {
            return args[i + 1];
        }
        return std::nullopt;
    };
    for (std::size_t i = 0; i < args.size() && args[i] != "--"; ++i) {
        for (const auto& [name, field] : file_flags) {
            if (const std::optional<std::string> value = value_at(i, name)) f.*field = *value;
        }
        for (const homework::ReportFormat& format : homework::report_formats()) {
            const std::optional<std::string> value = value_at(i, format.flag);
            if (!value) continue;
            // Given twice (CLI11 refuses it): every FILE named takes the refusal's report.
            if (f.report_files.count(format.flag)) f.repeated_report_files.emplace_back(format.flag, *value);
            else f.report_files[format.flag] = *value;
        }
    }
    // "--format: must be one of text, json (got 'xml')" names its flag; "unknown flag '--bogus'" does not.
    std::string line = error;
    if (const std::size_t see = line.rfind(" (see attn "); see != std::string::npos) line.erase(see);
    const std::size_t colon = line.find(": ");
    homework::Refusal refusal;
    if (line.rfind("--", 0) == 0 && colon != std::string::npos && line.find(' ') > colon) {
        refusal.flag = line.substr(0, colon);
        refusal.message = line.substr(colon + 2);
    } else {
        refusal.flag = "attn homework";
        refusal.message = line;
    }
    homework::report_refusal(with_environment(f), refusal);
}

// The problem: the chapter's 1, 2, 3, or the book's (p. 239) 12.1, 12.3, 12.4, 12.7, 12.9 (also
// written book12_4 or book-12.4), or `book` for those five; parsed once, into its id.
Option<std::vector<long>> problem_positional() {
    Option<std::vector<long>> o = positional_ints(
        "problem", "1, 2 or 3 (the chapter's homework; default: all three), or the book's 12.1, 12.3, 12.4, 12.7, "
                   "12.9 (p. 239), or book for those five", "1..3");
    o.flag.type_name = "PROBLEM";
    o.flag.choices = {"1", "2", "3", "12.1", "12.3", "12.4", "12.7", "12.9", "book"};
    o.parse = [](std::vector<long>& field, const std::string& text) {
        const std::optional<int> id = homework::parse_problem(text);
        if (!id) {
            throw UsageError("problem", "must be in 1..3, or one of the book's 12.1, 12.3, 12.4, 12.7, 12.9, or book "
                                        "(got " + text + ")");
        }
        field.push_back(*id);
    };
    return o;
}

}  // namespace

Command homework_command() {
    const std::string summary = "Section 04 (作業和解答): worked solutions, answer sheets, and grading";
    const std::string footer =
        "Without flags prints the worked solutions of problem 1, 2, 3 (or all), every number\n"
        "recomputed by the core; 12.1, 12.3, 12.4, 12.7, 12.9 (or book) are the book's own problems\n"
        "(p. 239), with their own sheet tables book12_1 ... book12_9.\n"
        "--template prints a blank TOML answer sheet, --key the filled one;\n"
        "--grade FILE grades a sheet: exit 0 all right, 1 wrong or missing answers, 2 unreadable\n"
        "sheet or bad flag, 3 a file cannot be read or written. Each report is written whole or not\n"
        "at all, and stale ones are replaced before the sheet is read (a refused flag leaves a\n"
        "score-0 report naming why); a Markdown summary is\n"
        "appended to $GITHUB_STEP_SUMMARY when it is set.\n"
        "--grade-class ROSTER --out DIR grades every student of a roster (CSV: id, sheet, optional\n"
        "name and variant) as --grade would, into a gradebook, Canvas and Moodle import files, a\n"
        "class report (class.md, class.svg) and each student's reports: exit 0 all right, 1 any\n"
        "student not fully right or not graded, 2 a bad roster, 3 files.\n"
        "The sheet holds answers only: points and feedback come from --points, --course and\n"
        "--show-expected; wrong answers get a hint, not the expected value, and a short answer is\n"
        "not told whether it is right so far unless the course file sets partial_digits.\n"
        "A number is right within one unit of its last asked place of what correct work from the\n"
        "printed numbers gives: each printed or asked figure carried at least at its places, every\n"
        "other figure (sqrt 2, e, an exponential, a sum) at least at 4 decimal places or 4 significant\n"
        "figures, in any correct order (subtracting the largest score first or not). A vector's\n"
        "numbers must come from one such computation (one common sum), so weights add up to 1;\n"
        "weights forced to add up to exactly 1 are right when all but one are. Exponentials in\n"
        "decimal places must keep 2 significant figures of the largest (0.0025, not 0.0001):\n"
        "else carry more places, or figures, or subtract the largest score first; 1(c), asked\n"
        "in significant figures, carries its exponentials in figures. A 0 is wrong wherever the\n"
        "exact value is not 0, however small (a float32 result that underflows is named as such).\n"
        "A later part worked from your own earlier answer (right, or wrong by a named mistake) is\n"
        "graded from it (\"from your alpha_2\"). A line the TOML reader refuses costs only its own\n"
        "answer; full-width forms and U+3000/U+00A0 are read as ASCII, with a note, and so are minus\n"
        "signs and dashes (U+2212), 3.06x10^-7 and superscript exponents, U+3001 and U+FF1B between\n"
        "a list's numbers and a mistyped [table] header; U+3002 is no decimal point. A sheet saved as\n"
        "UTF-16 (with its byte order mark) or Big5 is read after a warning. A number written\n"
        "with % (9.66%) is read as its fraction (0.0966): right where a fraction is asked, with a\n"
        "note saying so, wrong elsewhere. For 3(d), N > 2D, N = 2D and N >= 2D+1 are read as 2D,\n"
        "and its N at the given D may be 2D or 2D+1.\n"
        "With the course secret ($ATTN_COURSE_SECRET, or --secret-file) a student's numbers are\n"
        "derived from HMAC-SHA256(secret, ID); without it they are public self-study numbers.\n"
        "--variant chapter is the chapter's own numbers. " + std::string(homework::kStudentIdRule) + ".\n"
        "--lang en (or ATTN_LANG=en) gives the solutions and the sheets' problem text in English;\n"
        "the keys of a sheet, and the grader's reports, are the same in both languages.\n"
        "Teachers: /usr/share/doc/attn/homework.md (docs/homework.md in the source): the course file,\n"
        "CI and Gradescope setups, the trust model.";
    using F = homework::HomeworkFlags;
    std::vector<Option<Texts>> flags = {
        homework_flag(&F::problems, problem_positional()),
        homework_flag(&F::want_template, toggle_flag("--template", "print a blank answer sheet (TOML)")),
        homework_flag(&F::want_key, toggle_flag("--key", "print the answer key as a filled answer sheet (TOML)")),
        homework_flag(&F::grade, given_text_flag("--grade", "FILE", "grade the answer sheet FILE (TOML; - reads standard input)")),
        homework_flag(&F::grade_class, given_text_flag("--grade-class", "ROSTER",
                        "grade a class: ROSTER is a CSV (id, sheet, optional name and variant); see --out")),
        homework_flag(&F::out, given_text_flag("--out", "DIR",
                        "with --grade-class: the folder for gradebook.csv, canvas.csv, moodle.csv, class.md, "
                        "class.svg and students/<id>/")),
        homework_flag(&F::jobs, given_int_flag("--jobs", "N",
                        "with --grade-class: students graded at once, 1..256 (default: every core)", "1..256")),
    };
    for (const homework::ReportFormat& format : homework::report_formats()) flags.push_back(report_flag(format));
    std::vector<Option<Texts>> after_reports = {   // the flags shown after the report files
        homework_flag(&F::points, given_text_flag("--points", "RULES",
                        "with --grade: points per key, part or problem, e.g. hw3=2,hw1.c.slope_a=0.5 "
                        "(default 1 each; scores are summed at the points' precision)")),
        homework_flag(&F::course, given_text_flag("--course", "FILE",
                        "with --grade: the teacher's course file (points, feedback, Gradescope visibility, "
                        "require_secret); with --template, its [tolerance] shown on the sheet")),
        homework_flag(&F::show_expected, toggle_flag("--show-expected", "with --grade: wrong and missing answers also show the expected value")),
        homework_flag(&F::variant, given_text_flag("--variant", "ID", "the student's own numbers, derived from ID (e.g. a student number)")),
        homework_flag(&F::secret_file, given_text_flag("--secret-file", "FILE", "read the course secret from FILE (else $ATTN_COURSE_SECRET)")),
        homework_flag(&F::svg, given_text_flag("--svg", "DIR",
                        "with the worked solutions: also write their charts into the folder DIR "
                        "(hw1-weights.svg, hw3-cost.svg)")),
    };
    for (Option<Texts>& flag : after_reports) flags.push_back(std::move(flag));
    Option<Presentation> format = format_flag();
    format.flag.help = "text, or json with --key (the exact values, at full precision)";
    flags.push_back(lift(&Texts::presentation, std::move(format)));
    Option<Presentation> lang = lang_flag();
    lang.flag.help = "language of the solutions and the sheets' problem text: zh-TW (the chapter's) or en; "
                "ATTN_LANG sets the default; class.svg is English unless one of them chooses";
    flags.push_back(lift(&Texts::presentation, std::move(lang)));
    auto run = [](const Texts& t, const std::vector<Option<Texts>>& flags) {
        Presentation p = t.presentation;
        const homework::HomeworkFlags given = with_environment(t.flags);
        homework::HomeworkOptions options;
        try {
            apply_language_environment(p);
            options = homework::homework_options(given);
            if (p.format == Format::json && options.mode != homework::HomeworkOptions::Mode::key) {
                throw UsageError("--format", "json goes with --key only (the other modes print text)");
            }
        } catch (const UsageError& e) {
            // Every exit path leaves an honest report: no stale results.json outlives a refusal.
            homework::report_refusal(given, homework::Refusal::of(e));
            throw;
        }
        options.lang = p.lang;
        options.picture_lang = p.lang_chosen ? p.lang : render::Lang::en;
        if (p.format == Format::json) {
            // The same numbers as the text key: keyed by the course secret when one is given.
            const homework::AnswerKey key =
                homework::build_answer_key(homework::solve(homework::homework_variant(options),
                                                          homework::Problem3Counts::formula_only),
                                           options.problem);
            Texts keyed = t;   // the record: the problems keyed, the language used
            if (keyed.flags.problems.empty()) keyed.flags.problems = {1, 2, 3};
            if (keyed.flags.problems == std::vector<long>{homework::kBookAll}) {
                keyed.flags.problems.assign(homework::kBookProblems.begin(), homework::kBookProblems.end());
            }
            keyed.presentation = p;
            write_stdout(homework::key_json(key, invocation("homework", flags, keyed)));
            finish_stdout();
            const std::string warning = homework::secret_file_warning(options);
            std::fwrite(warning.data(), 1, warning.size(), stderr);
            return 0;
        }
        homework::HomeworkOutput result;
        std::string warnings_on_failure;   // said before the error, as every report of the run says them
        try {
            StderrProgress progress("grading the class");   // on a terminal only; erased before stdout
            result = homework::run_homework(options, progress.callback(), &warnings_on_failure);
        } catch (...) {
            std::fwrite(warnings_on_failure.data(), 1, warnings_on_failure.size(), stderr);
            throw;
        }
        // The worked solutions are prose: wrapped to the terminal ($COLUMNS, or the terminal's own
        // width; into a pipe or file, as written). Sheets and keys are TOML, never wrapped.
        if (const std::size_t width = terminal_columns(); width > 0 && options.mode == homework::HomeworkOptions::Mode::solutions) {
            result.out = wrap_prose(result.out, width);
        }
        write_stdout(result.out);
        finish_stdout();
        std::fwrite(result.err.data(), 1, result.err.size(), stderr);
        return result.code;
    };
    Command command = make_command<Texts>("homework", summary, footer, std::move(flags), run);
    command.refused = refused_command_line;
    return command;
}

}  // namespace attn::cli
