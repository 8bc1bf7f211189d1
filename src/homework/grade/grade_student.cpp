// The single grading function: a student's ID and sheet in, a report out (see grade_student.hpp).
#include "homework/grade/grade_student.hpp"

#include <unistd.h>

#include <cerrno>
#include <optional>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/grade/expression.hpp"
#include "homework/io/files.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/ungraded_tables.hpp"
#include "homework/problems/variant.hpp"

namespace attn::homework {

namespace {

bool missing(const std::string& path) { return ::access(path.c_str(), F_OK) != 0 && errno == ENOENT; }

}  // namespace

const char* sheet_status_name(SheetStatus status) {
    switch (status) {
        case SheetStatus::graded: return "graded";
        case SheetStatus::refused_id: return "refused ID";
        case SheetStatus::missing_file: return "missing file";
        case SheetStatus::unreadable_file: return "unreadable file";
        case SheetStatus::unreadable_sheet: break;
    }
    return "unreadable sheet";
}

StudentGrade grade_student(const GradingPolicy& policy, const std::string& id, const std::string& path,
                           const std::string& shown_name) {
    StudentGrade out;
    out.gradescope = policy.gradescope;
    Variant variant = Variant::not_known_yet();
    // Why the sheet was not graded, when it was not: the error, its exit code and what it refused.
    std::string why;
    int code = 2;
    GradeReport::NotGraded refused = GradeReport::NotGraded::refused;
    try {
        variant = make_variant(id, policy.secret);
        if (policy.course.require_secret && !variant.keyed) {
            // Fail closed: public numbers are not graded when the teacher grades keyed ones only.
            const std::string reason = id.empty()           ? "no --variant ID was given"
                                       : variant.id.empty() ? "--variant chapter is the book's public numbers"
                                                            : "no course secret was given ($ATTN_COURSE_SECRET or --secret-file)";
            throw UsageError("--course", "require_secret = true, but " + reason);
        }
        if (!id.empty() && variant.is_chapter() && !policy.secret.empty()) {
            // A student's ID that names the book's own numbers, whose answers the book prints
            // (issue 29, careless-teacher guards): under a course secret nobody is graded on them.
            throw UsageError("--variant", "'" + id + "' names the chapter's public numbers, whose answers the book "
                                          "prints; with a course secret, grade a student's own ID");
        }
    } catch (const UsageError& e) {
        why = e.what();
        out.status = SheetStatus::refused_id;
        out.failure = std::current_exception();
    }
    if (!out.failure) {
        const AnswerKey key = build_answer_key(solve(variant, Problem3Counts::formula_only), policy.options.problem);   // as --grade: counts from the formula
        GradeOptions options = policy.options;
        options.expression_seed = fresh_expression_seed();   // afresh for every sheet, as every run draws them
        refused = GradeReport::NotGraded::sheet_unreadable;
        try {
            for (const auto& [flag, file] : policy.teacher_files) {
                if (path != "-" && same_inode(path, file)) {
                    throw UsageError("--grade", shown_name + ": is the file given to " + flag +
                                                    "; a sheet is never one of the teacher's files");
                }
            }
            const Sheet sheet = read_sheet(path);
            const std::optional<std::string> others = ungraded_tables(sheet, options.problem, path);
            out.report = grade(key, sheet, options);
            if (others) out.report.warnings.insert(out.report.warnings.begin(), *others);
        } catch (const UsageError& e) {
            why = e.what();
            out.status = SheetStatus::unreadable_sheet;
            out.failure = std::current_exception();
        } catch (const IoError& e) {
            why = e.what();
            code = 3;
            out.status = missing(path) ? SheetStatus::missing_file : SheetStatus::unreadable_file;
            out.failure = std::current_exception();
        }
    }
    if (out.failure) out.report = unreadable_sheet(shown_name, variant, why, code, refused);
    // The teacher's warnings (a secret file others can read) first, graded or not (issue 43).
    out.report.warnings.insert(out.report.warnings.begin(), policy.warnings.begin(), policy.warnings.end());
    return out;
}

}  // namespace attn::homework
