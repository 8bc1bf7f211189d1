// The glue of `attn homework`: files, environment and order of work; the rest is pure.
#include "homework/homework.hpp"
#include "homework/reports/escape.hpp"

#include <unistd.h>

#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/class/grade_class.hpp"
#include "homework/trust/course.hpp"
#include "homework/grade/expression.hpp"
#include "homework/files.hpp"
#include "homework/grade/grade.hpp"
#include "homework/grade/grade_student.hpp"
#include "homework/problems/problems.hpp"
#include "homework/reports/gradescope.hpp"
#include "homework/reports/report_set.hpp"
#include "homework/reports/markdown.hpp"
#include "homework/reports/text.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/solutions/solution_text.hpp"
#include "homework/trust/variant.hpp"

namespace attn::homework {

namespace {

// Before anything is read: no report may overwrite an input or another report, or be a directory
// or a device, and the step summary (appended to) may not be an input. Returns the first refusal
// (a later one cannot change its kind), having removed the stale reports it may remove: those that
// are none of these, so that even a refused run leaves no old report behind. The refused paths
// are cleared in `o`, so that what is left in it may take the refusal's score-0 report.
std::optional<Refusal> refused_report_paths(HomeworkOptions& o) {
    std::vector<std::pair<std::string, std::string>> inputs = {{"--grade", o.sheet}};
    if (!o.course.empty()) inputs.emplace_back("--course", o.course);
    if (!o.secret_file.empty()) inputs.emplace_back("--secret-file", o.secret_file);
    std::optional<Refusal> first;
    if (!o.step_summary.empty()) {
        // Appending follows links: a summary naming the secret file would append to the secret.
        for (const auto& [input_flag, input] : inputs) {
            if (!first && input != "-" && !input.empty() && same_inode(o.step_summary, input)) {
                first = Refusal{Refusal::Kind::usage, "$GITHUB_STEP_SUMMARY",
                                o.step_summary + " is the file given to " + input_flag +
                                    "; the summary must not be appended to it"};
            }
        }
        if (first) o.step_summary.clear();
        else inputs.emplace_back("$GITHUB_STEP_SUMMARY", o.step_summary);
    }
    const ReportSet reports = sheet_reports(o.junit, o.gradescope);
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const std::string& flag = reports[i].flag;
        const std::string& path = reports[i].path;
        std::optional<Refusal> why;
        for (const auto& [input_flag, input] : inputs) {
            if (!why && input != "-" && same_file(path, input)) {
                why = Refusal{Refusal::Kind::usage, flag,
                              path + " is the file given to " + input_flag + "; a report must not overwrite it"};
            }
        }
        for (std::size_t j = 0; j < i && !why; ++j) {
            if (same_file(path, reports[j].path)) {
                why = Refusal{Refusal::Kind::usage, flag, path + " is also the " + reports[j].flag + " report"};
            }
        }
        if (!why && is_directory(path)) why = Refusal{Refusal::Kind::files, flag, path + ": is a directory"};
        if (!why && is_special_file(path)) {
            why = Refusal{Refusal::Kind::files, flag,
                          path + ": not a regular file (a device, FIFO or socket); a report is written only "
                                 "as a regular file"};
        }
        if (!why) ::unlink(path.c_str());   // a stale report of this run (ENOENT is fine)
        else (flag == "--junit" ? o.junit : o.gradescope).clear();
        if (why && !first) first = std::move(why);
    }
    return first;
}

void write_reports(const HomeworkOptions& o, const GradeReport& report, const GradescopeOptions& gs,
                   bool summary, HomeworkOutput& result) {
    const ReportSet reports = sheet_reports(o.junit, o.gradescope);
    const ReportSetLock lock(report_paths(reports));   // the JUnit and Gradescope files are one run's pair
    write_report_set(reports, report, gs);
    if (summary && !o.step_summary.empty()) {
        // The summary is the CI's, not the user's: failing to append it is a warning, not a failure.
        try {
            append_file(o.step_summary, summary_markdown(report), "$GITHUB_STEP_SUMMARY");
        } catch (const IoError& e) {
            result.err += std::string("attn: warning: ") + e.what() + "\n";
        }
    }
}

// A refusal's reports, in the paths that may take them: score 0, the reason as the sheet's error.
// A report that cannot be written is left absent (the refusal itself is what the caller reports).
void write_refusal_reports(const HomeworkOptions& o, const Refusal& refusal) {
    Variant variant;
    variant.id = "(not known yet)";
    HomeworkOutput ignored;
    try {
        GradeReport report = unreadable_sheet(sheet_display_name(o.sheet), variant, refusal.text(), refusal.exit_code(), GradeReport::NotGraded::refused);
        report.variant_origin = "grading did not finish";
        write_reports(o, report, {}, true, ignored);
    } catch (const IoError&) {
    }
}

HomeworkOutput grade_sheet(const HomeworkOptions& options) {
    HomeworkOutput result;
    const std::string name = sheet_display_name(options.sheet);
    HomeworkOptions o = options;
    if (const std::optional<Refusal> refusal = refused_report_paths(o)) {
        write_refusal_reports(o, *refusal);
        refusal->raise();
    }
    // Stale reports (a student's committed results.json, the last run's) are replaced before
    // anything is read, by reports that say grading did not finish; the real ones replace those.
    Variant variant;
    variant.id = "(not known yet)";
    GradeReport placeholder = unreadable_sheet(name, variant, "grading did not finish", 3, GradeReport::NotGraded::refused);
    placeholder.variant_origin = "grading did not finish";
    write_reports(o, placeholder, {}, false, result);

    GradingPolicy policy;
    try {
        read_grading_policy(o, policy);
    } catch (const UsageError& e) {
        write_reports(o, unreadable_sheet(name, variant, e.what(), 2, GradeReport::NotGraded::refused), policy.gradescope, true, result);
        throw;
    } catch (const IoError& e) {
        write_reports(o, unreadable_sheet(name, variant, e.what(), 3, GradeReport::NotGraded::refused), policy.gradescope, true, result);
        throw;
    }
    const GradescopeOptions& gs = policy.gradescope;
    StudentGrade graded = grade_student(policy, o.variant, o.sheet, name);
    const GradeReport& report = graded.report;
    if (graded.failure) {
        write_reports(o, report, gs, true, result);   // the report says why; main prints the error
        std::rethrow_exception(graded.failure);
    }
    write_reports(o, report, gs, true, result);
    for (const std::string& w : report.warnings) result.err += "attn: warning: " + safe_text(w) + "\n";
    result.out = grade_table_text(report);
    result.code = report.exit_code();
    return result;
}

}  // namespace

Refusal Refusal::of(const UsageError& e) {
    return {Kind::usage, e.flag, std::string(e.what()).substr(e.flag.size() + 2)};   // UsageError is "FLAG: MESSAGE"
}

void Refusal::raise() const {
    if (kind == Kind::files) throw IoError(text());
    throw UsageError(flag, message);
}

void report_refusal(const HomeworkFlags& f, const Refusal& refusal) {
    if (!f.grade) return;   // reports go with --grade only
    HomeworkOptions o;
    o.sheet = *f.grade;
    o.junit = f.junit.value_or("");
    o.gradescope = f.gradescope.value_or("");
    o.course = f.course.value_or("");
    o.secret_file = f.secret_file.value_or("");
    o.step_summary = f.step_summary.value_or("");
    if (o.junit.empty() && o.gradescope.empty() && o.step_summary.empty()) return;
    (void)refused_report_paths(o);   // the paths that are refused keep what is there
    write_refusal_reports(o, refusal);
}

Variant homework_variant(const HomeworkOptions& o) { return make_variant(o.variant, course_secret(o)); }

HomeworkOutput run_homework(const HomeworkOptions& o, const std::function<void(std::size_t, std::size_t)>& progress) {
    if (o.mode == HomeworkOptions::Mode::grade) return grade_sheet(o);
    if (o.mode == HomeworkOptions::Mode::grade_class) return grade_class(o, progress);
    HomeworkOutput result;
    const Variant variant = make_variant(o.variant, course_secret(o));
    const Solutions solutions = solve(variant, o.mode == HomeworkOptions::Mode::solutions
                                                   ? Problem3Counts::run_multihead
                                                   : Problem3Counts::formula_only);
    const AnswerKey key = build_answer_key(solutions);
    switch (o.mode) {
        case HomeworkOptions::Mode::solutions: result.out = solution_text(solutions, key, o.problem, o.lang); break;
        case HomeworkOptions::Mode::template_sheet: result.out = template_sheet(solutions, key, o.problem, o.lang); break;
        case HomeworkOptions::Mode::key: result.out = key_sheet(solutions, key, o.problem, o.lang); break;
        case HomeworkOptions::Mode::grade:
        case HomeworkOptions::Mode::grade_class: break;
    }
    return result;
}

}  // namespace attn::homework
