// The single grading function: a student's ID and sheet in, a report out (see grade_student.hpp).
#include "homework/grade/grade_student.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/grade/expression.hpp"
#include "homework/io/files.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/problems/variant.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kMaxTeacherFileBytes = 64 * 1024;

bool missing(const std::string& path) { return ::access(path.c_str(), F_OK) != 0 && errno == ENOENT; }

// A path as one word of a shell command: as it is when plain, else in single quotes.
std::string shell_word(const std::string& path) {
    const bool plain = !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_./+-:@%,=", c) != nullptr;
    });
    if (plain) return path;
    std::string out = "'";
    for (const char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Answers under the tables of problems this run does not grade (a sheet of the book's problems
// graded without `book` scored 0/19 "missing" without a word): named, with the command that
// grades them (issue 43). A template's commented-out lines are no answers; a line set aside is one.
std::optional<std::string> ungraded_tables(const Sheet& sheet, int selection, const std::string& path) {
    const auto answered = [&sheet](int problem) {
        const std::string table = problem_table(problem);
        const auto under = [&table](const std::string& key) {
            return key.compare(0, table.size(), table) == 0 && (key.size() == table.size() || key[table.size()] == '.');
        };
        return std::any_of(sheet.values.begin(), sheet.values.end(), [&](const SheetValue& v) { return under(v.key); }) ||
               std::any_of(sheet.refused.begin(), sheet.refused.end(), [&](const RefusedLine& r) { return under(r.key); });
    };
    std::vector<int> chapter, book;
    for (int p = 1; p <= 3; ++p) {
        if (!problem_selected(selection, p) && answered(p)) chapter.push_back(p);
    }
    for (const int p : kBookProblems) {
        if (!problem_selected(selection, p) && answered(p)) book.push_back(p);
    }
    if (chapter.empty() && book.empty()) return std::nullopt;
    std::string tables, commands;
    for (const std::vector<int>* family : {&chapter, &book}) {
        for (const int p : *family) tables += (tables.empty() ? "[" : ", [") + problem_table(p) + "]";
    }
    const std::string file = shell_word(path);
    if (!chapter.empty()) {
        commands = "`attn homework " + (chapter.size() == 1 ? std::to_string(chapter.front()) + " " : std::string()) +
                   "--grade " + file + "`";
    }
    if (!book.empty()) {
        commands += (commands.empty() ? "" : " and ") + std::string("`attn homework ") +
                    (book.size() == 1 ? book_number(book.front()) : std::string("book")) + " --grade " + file + "`";
    }
    return fmt::format("{}: the answers under {} are not graded in this run; {} {} (with this run's other flags)",
                       sheet.name, tables, chapter.size() + book.size() == 1 ? "it is graded by" : "they are graded by",
                       commands);
}

}  // namespace

std::string course_secret(const TeacherSide& o) {
    if (o.secret_file.empty() && !o.secret_env) return "";
    const bool from_file = !o.secret_file.empty();   // --secret-file wins over $ATTN_COURSE_SECRET
    const char* const source = from_file ? "--secret-file" : "ATTN_COURSE_SECRET";
    std::string secret = from_file ? read_small_file(o.secret_file, 4096, source) : *o.secret_env;
    secret.erase(secret.find_last_not_of("\n\r \t") + 1);   // a trailing newline, CR, spaces or tabs
    // In CI an unset repository secret expands to "": grading would silently use public numbers.
    if (secret.empty()) {
        throw UsageError(source, from_file ? o.secret_file + ": the file is empty"
                                           : std::string("set but empty (is the repository secret missing?)"));
    }
    require_secret_length(secret, source);
    return secret;
}

void read_grading_policy(const TeacherSide& o, GradingPolicy& policy) {
    if (!o.course.empty()) policy.teacher_files.emplace_back("--course", o.course);
    if (!o.secret_file.empty()) policy.teacher_files.emplace_back("--secret-file", o.secret_file);
    if (!o.course.empty()) policy.course = parse_course(read_small_file(o.course, kMaxTeacherFileBytes, "--course"), o.course);
    policy.gradescope = {policy.course.tests_visibility, policy.course.stdout_visibility};
    policy.options.problem = o.problem;
    // The course file's problems when the command line names none (a named one is graded alone).
    if (o.problem == 0 && !policy.course.problems.empty()) policy.options.problem = problem_set(policy.course.problems);
    policy.options.points = policy.course.points;   // the flag's rules after the course file's: later rules win ties
    policy.options.points.rules.insert(policy.options.points.rules.end(), o.points.rules.begin(), o.points.rules.end());
    policy.options.show_expected = o.show_expected || policy.course.show_expected;
    policy.options.tolerance = policy.course.tolerance;
    policy.options.partial_credit = policy.course.partial_credit;
    policy.options.partial_digits = policy.course.partial_digits;
    policy.secret = course_secret(o);
    if (!policy.secret.empty()) make_variant("", policy.secret);   // a short secret is refused here, once
    // A secret file that group or others can read is a secret others on the machine can read:
    // a warning, refused when the course grades keyed numbers only (issue 29, careless-teacher guards).
    if (const std::optional<std::string> why = secret_file_exposed(o)) {
        if (policy.course.require_secret) throw UsageError("--secret-file", *why + " (require_secret = true)");
        policy.warnings.push_back("--secret-file: " + *why);
    }
}

std::optional<std::string> secret_file_exposed(const TeacherSide& o) {
    struct stat info {};
    if (o.secret_file.empty() || ::stat(o.secret_file.c_str(), &info) != 0 || (info.st_mode & 077) == 0) return std::nullopt;
    return fmt::format("{}: readable by group or others (mode {:04o}); chmod 600 it", o.secret_file,
                       static_cast<unsigned>(info.st_mode & 07777));
}

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
    Variant variant;
    variant.id = "(not known yet)";
    try {
        variant = make_variant(id, policy.secret);
        if (policy.course.require_secret && !variant.keyed) {
            // Fail closed: public numbers are not graded when the teacher grades keyed ones only.
            const std::string why = id.empty()           ? "no --variant ID was given"
                                    : variant.id.empty() ? "--variant chapter is the book's public numbers"
                                                         : "no course secret was given ($ATTN_COURSE_SECRET or --secret-file)";
            throw UsageError("--course", "require_secret = true, but " + why);
        }
        if (!id.empty() && variant.is_chapter() && !policy.secret.empty()) {
            // A student's ID that names the book's own numbers, whose answers the book prints
            // (issue 29, careless-teacher guards): under a course secret nobody is graded on them.
            throw UsageError("--variant", "'" + id + "' names the chapter's public numbers, whose answers the book "
                                          "prints; with a course secret, grade a student's own ID");
        }
    } catch (const UsageError& e) {
        out.report = unreadable_sheet(shown_name, variant, e.what(), 2, GradeReport::NotGraded::refused);
        out.report.warnings = policy.warnings;   // the teacher's, in every report (issue 43)
        out.status = SheetStatus::refused_id;
        out.failure = std::current_exception();
        return out;
    }
    const AnswerKey key = build_answer_key(solve(variant, Problem3Counts::formula_only), policy.options.problem);   // as --grade: counts from the formula
    GradeOptions options = policy.options;
    options.expression_seed = fresh_expression_seed();   // afresh for every sheet, as every run draws them
    try {
        for (const auto& [flag, file] : policy.teacher_files) {
            if (path != "-" && same_inode(path, file)) {
                throw UsageError("--grade", shown_name + ": is the file given to " + flag +
                                                "; a sheet is never one of the teacher's files");
            }
        }
        const Sheet sheet = read_sheet(path);
        out.report = grade(key, sheet, options);
        if (const std::optional<std::string> others = ungraded_tables(sheet, options.problem, path)) {
            out.report.warnings.insert(out.report.warnings.begin(), *others);
        }
    } catch (const UsageError& e) {
        out.report = unreadable_sheet(shown_name, variant, e.what(), 2, GradeReport::NotGraded::sheet_unreadable);
        out.status = SheetStatus::unreadable_sheet;
        out.failure = std::current_exception();
    } catch (const IoError& e) {
        out.report = unreadable_sheet(shown_name, variant, e.what(), 3, GradeReport::NotGraded::sheet_unreadable);
        out.status = missing(path) ? SheetStatus::missing_file : SheetStatus::unreadable_file;
        out.failure = std::current_exception();
    }
    // The teacher's warnings (a secret file others can read) first, graded or not (issue 43).
    out.report.warnings.insert(out.report.warnings.begin(), policy.warnings.begin(), policy.warnings.end());
    return out;
}

StudentGrade grade_one_sheet(const TeacherSide& o, const std::string& sheet) {
    const std::string name = sheet_display_name(sheet);
    GradingPolicy policy;
    StudentGrade out;
    Variant unknown;
    unknown.id = "(not known yet)";
    try {
        read_grading_policy(o, policy);
        return grade_student(policy, o.variant, sheet, name);   // never throws
    } catch (const UsageError& e) {
        out.report = unreadable_sheet(name, unknown, e.what(), 2, GradeReport::NotGraded::refused);
        out.failure = std::current_exception();
    } catch (const IoError& e) {
        out.report = unreadable_sheet(name, unknown, e.what(), 3, GradeReport::NotGraded::refused);
        out.failure = std::current_exception();
    }
    out.status = SheetStatus::refused_id;   // not graded: the teacher's side was refused
    out.gradescope = policy.gradescope;
    return out;
}

}  // namespace attn::homework
