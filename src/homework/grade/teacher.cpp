// The teacher's side of a grading run read once: the course file and the course secret (teacher.hpp).
#include "homework/grade/teacher.hpp"

#include <sys/stat.h>

#include <exception>

#include <fmt/format.h>

#include "errors.hpp"
#include "homework/io/files.hpp"
#include "homework/problems/variant.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kMaxTeacherFileBytes = 64 * 1024;
constexpr std::size_t kMaxSecretBytes = 4096;

}  // namespace

std::string course_secret(const TeacherSide& o) {
    if (o.secret_file.empty() && !o.secret_env) return "";
    const bool from_file = !o.secret_file.empty();   // --secret-file wins over $ATTN_COURSE_SECRET
    const char* const source = from_file ? "--secret-file" : "ATTN_COURSE_SECRET";
    std::string secret = from_file ? read_small_file(o.secret_file, kMaxSecretBytes, source) : *o.secret_env;
    secret.erase(secret.find_last_not_of("\n\r \t") + 1);   // a trailing newline, CR, spaces or tabs
    // In CI an unset repository secret expands to "": grading would silently use public numbers.
    if (secret.empty()) {
        throw UsageError(source, from_file ? o.secret_file + ": the file is empty"
                                           : std::string("set but empty (is the repository secret missing?)"));
    }
    require_secret_length(secret, source);
    return secret;
}

std::optional<std::string> secret_file_exposed(const TeacherSide& o) {
    struct stat info {};
    if (o.secret_file.empty() || ::stat(o.secret_file.c_str(), &info) != 0 || (info.st_mode & 077) == 0) return std::nullopt;
    return fmt::format("{}: readable by group or others (mode {:04o}); chmod 600 it", o.secret_file,
                       static_cast<unsigned>(info.st_mode & 07777));
}

void read_grading_policy(const TeacherSide& o, GradingPolicy& policy) {
    if (!o.course.empty()) policy.teacher_files.emplace_back("--course", o.course);
    if (!o.secret_file.empty()) policy.teacher_files.emplace_back("--secret-file", o.secret_file);
    // A secret file that group or others can read is a secret others on the machine can read:
    // a warning, refused when the course grades keyed numbers only (issue 29, careless-teacher guards).
    const std::optional<std::string> exposed = secret_file_exposed(o);
    // The secret is read first and the course file next; a secret refused is said after the course
    // file, whose settings then apply to the report that says so.
    std::string secret;
    std::exception_ptr secret_refused;
    try {
        secret = course_secret(o);
    } catch (const UsageError&) {
        secret_refused = std::current_exception();
    } catch (const IoError&) {
        secret_refused = std::current_exception();
    }
    const std::string course = o.course.empty() ? "" : read_small_file(o.course, kMaxTeacherFileBytes, "--course");
    if (!o.course.empty()) policy.course = parse_course(course, o.course);
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
    if (secret_refused) std::rethrow_exception(secret_refused);
    policy.secret = secret;
    if (!policy.secret.empty()) make_variant("", policy.secret);   // a short secret is refused here, once
    if (exposed) {
        if (policy.course.require_secret) throw UsageError("--secret-file", *exposed + " (require_secret = true)");
        policy.warnings.push_back("--secret-file: " + *exposed);
    }
}

}  // namespace attn::homework
