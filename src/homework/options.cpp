// Flag texts -> HomeworkOptions: which flags go together, and each value's range (exit 2).
#include <cstdlib>

#include "errors.hpp"
#include "homework/homework.hpp"

namespace attn::homework {

namespace {

const std::string& file_flag(const std::optional<std::string>& value, const char* flag) {
    if (value->empty()) throw UsageError(flag, "the file name is empty");
    return *value;
}

}  // namespace

HomeworkOptions homework_options(const HomeworkFlags& f) {
    HomeworkOptions o;
    if (f.problem) {
        const std::string& p = *f.problem;
        if (p != "1" && p != "2" && p != "3") {
            throw UsageError("problem", "must be in 1..3 (got " + p + ")");
        }
        o.problem = p[0] - '0';
    }
    if (f.want_template + f.want_key + f.grade.has_value() > 1) {
        throw UsageError("--grade", "choose one of --template, --key and --grade");
    }
    if (f.want_template) o.mode = HomeworkOptions::Mode::template_sheet;
    if (f.want_key) o.mode = HomeworkOptions::Mode::key;
    if (f.grade) {
        o.mode = HomeworkOptions::Mode::grade;
        o.sheet = file_flag(f.grade, "--grade");
    }
    const std::pair<const char*, bool> grade_only[] = {
        {"--junit", f.junit.has_value()},   {"--gradescope", f.gradescope.has_value()},
        {"--points", f.points.has_value()}, {"--course", f.course.has_value()},
        {"--show-expected", f.show_expected},
    };
    for (const auto& [name, given] : grade_only) {
        if (given && !f.grade) throw UsageError(name, "only goes with --grade FILE");
    }
    if (f.junit) o.junit = file_flag(f.junit, "--junit");
    if (f.gradescope) o.gradescope = file_flag(f.gradescope, "--gradescope");
    if (f.course) o.course = file_flag(f.course, "--course");
    if (f.secret_file) o.secret_file = file_flag(f.secret_file, "--secret-file");
    if (f.points) o.points = parse_point_rules("--points", *f.points);
    o.show_expected = f.show_expected;
    if (f.variant) {
        if (f.variant->find_first_not_of(" \t") == std::string::npos) {
            throw UsageError("--variant", "the ID is empty (e.g. a student number)");
        }
        o.variant = *f.variant;
    }
    o.secret_env = f.secret_env;
    if (f.step_summary) o.step_summary = *f.step_summary;
    return o;
}

}  // namespace attn::homework
