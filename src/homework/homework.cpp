// The glue of `attn homework`: files, environment and order of work; the rest is pure.
#include "homework/homework.hpp"
#include "homework/io/cells.hpp"

#include <algorithm>
#include <exception>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/class/grade_class.hpp"
#include "homework/io/files.hpp"
#include "homework/grade/grade_student.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet_reports.hpp"
#include "homework/reports/text.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/solutions/solution_charts.hpp"
#include "homework/solutions/solution_text.hpp"
#include "homework/problems/variant.hpp"

namespace attn::homework {

namespace {

// --grade's one sheet: the teacher's side read (read_grading_policy), then the sheet graded by
// grade_student. Never throws: a course file or secret that cannot be read is the report's error
// (what was read before it, such as the course's visibility settings, still applies).
StudentGrade grade_one_sheet(const HomeworkOptions& o) {
    const std::string name = sheet_display_name(o.sheet);
    GradingPolicy policy;
    StudentGrade out;   // when the teacher's side is refused: not graded
    std::string why;
    int code = 2;
    try {
        read_grading_policy(o, policy);
        return grade_student(policy, o.variant, o.sheet, name);   // never throws
    } catch (const UsageError& e) {
        why = e.what();
        out.failure = std::current_exception();
    } catch (const IoError& e) {
        why = e.what();
        code = 3;
        out.failure = std::current_exception();
    }
    out.report = unreadable_sheet(name, Variant::not_known_yet(), why, code, GradeReport::NotGraded::refused);
    out.status = SheetStatus::refused_id;
    out.gradescope = policy.gradescope;
    return out;
}

// --grade: the report paths checked and stale reports replaced first (SheetReports), then the
// teacher's side and the sheet (grade_one_sheet), then the reports, whatever the outcome.
HomeworkOutput grade_sheet(const HomeworkOptions& o, std::string* warnings_on_failure) {
    HomeworkOutput result;
    const SheetReports reports(o);
    const StudentGrade graded = grade_one_sheet(o);
    result.out = grade_table_text(graded.report);
    std::string warnings;
    for (const std::string& w : graded.report.warnings) warnings += "attn: warning: " + safe_text(w) + "\n";
    reports.write(graded.report, graded.gradescope, result.err);
    if (graded.failure) {   // the report says why; main prints the error, the caller the warnings
        if (warnings_on_failure) *warnings_on_failure = result.err + warnings;
        std::rethrow_exception(graded.failure);
    }
    result.err += warnings;
    result.code = graded.report.exit_code();
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
    o.report_files = f.report_files;
    o.course = f.course.value_or("");
    o.secret_file = f.secret_file.value_or("");
    o.step_summary = f.step_summary.value_or("");
    const bool any_file = std::any_of(o.report_files.begin(), o.report_files.end(), [](const auto& f) { return !f.second.empty(); });
    if (any_file || !o.step_summary.empty()) SheetReports::write_refusal(o, refusal);
    // A report flag given again: each later FILE is a set of its own, checked as any report path
    // (never the sheet or a teacher's file), the summary already appended.
    o.step_summary.clear();
    for (const auto& [flag, file] : f.repeated_report_files) {
        if (file.empty()) continue;
        o.report_files = {{flag, file}};
        SheetReports::write_refusal(o, refusal);
    }
}

Variant homework_variant(const HomeworkOptions& o) { return make_variant(o.variant, course_secret(o)); }

std::string secret_file_warning(const HomeworkOptions& o) {
    const std::optional<std::string> why = secret_file_exposed(o);
    return why ? "attn: warning: --secret-file: " + safe_text(*why) + "\n" : "";
}

HomeworkOutput run_homework(const HomeworkOptions& o, const std::function<void(std::size_t, std::size_t)>& progress,
                            std::string* warnings_on_failure) {
    if (o.mode == HomeworkOptions::Mode::grade) return grade_sheet(o, warnings_on_failure);
    if (o.mode == HomeworkOptions::Mode::grade_class) {
        const ClassOutput graded = grade_class(o, progress);
        return {graded.out, graded.err, graded.code};
    }
    HomeworkOutput result;
    const Variant variant = make_variant(o.variant, course_secret(o));
    result.err = secret_file_warning(o);   // the keyed numbers came from a secret others can read
    const Solutions solutions = solve(variant, o.mode == HomeworkOptions::Mode::solutions
                                                   ? Problem3Counts::run_multihead
                                                   : Problem3Counts::formula_only);
    const AnswerKey key = build_answer_key(solutions, o.problem);
    switch (o.mode) {
        case HomeworkOptions::Mode::solutions:
            result.out = solution_text(solutions, key, o.problem, o.lang);
            for (const auto& [name, svg] : solution_charts(solutions, o.svg_dir.empty() ? -1 : o.problem)) {
                write_file_atomically(o.svg_dir + "/" + name, svg, "--svg");
            }
            break;
        case HomeworkOptions::Mode::template_sheet:
            if (o.course.empty()) {
                result.out = template_sheet(solutions, key, o.problem, o.lang);
            } else {
                // --template --course: the sheet says which keys the course's [tolerance] grades,
                // and how, for the problems the course grades (issue 29, careless-teacher guards).
                GradingPolicy policy;
                read_grading_policy(o, policy);
                const AnswerKey graded = build_answer_key(solutions, policy.options.problem);
                result.out = course_template_sheet(solutions, graded, policy.options.problem, o.lang, policy.options.tolerance);
                result.err.clear();   // the policy's warnings hold the secret file's
                for (const std::string& w : policy.warnings) result.err += "attn: warning: " + safe_text(w) + "\n";
            }
            break;
        case HomeworkOptions::Mode::key: result.out = key_sheet(solutions, key, o.problem, o.lang); break;
        case HomeworkOptions::Mode::grade:
        case HomeworkOptions::Mode::grade_class: break;
    }
    return result;
}

}  // namespace attn::homework
