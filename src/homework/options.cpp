// Parsed flags -> HomeworkOptions: which flags go together, and each value's range (exit 2).
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "homework/homework.hpp"
#include "homework/reports/report_formats.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

namespace {

const std::string& file_flag(const std::optional<std::string>& value, const char* flag) {
    if (value->empty()) throw UsageError(flag, "the file name is empty");
    return *value;
}

}  // namespace

HomeworkOptions homework_options(const HomeworkFlags& f) {
    HomeworkOptions o;
    if (f.problems.size() > 1) throw UsageError("problem", "give one problem number, 1..3");
    if (!f.problems.empty()) {
        const long p = f.problems.front();
        const bool known = (p >= 1 && p <= 3) || is_book_problem(static_cast<int>(p)) || p == kBookAll;
        if (!known) throw UsageError("problem", "must be in 1..3 (got " + std::to_string(p) + ")");
        o.problem = static_cast<int>(p);
    }
    if (f.want_template + f.want_key + f.grade.has_value() + f.grade_class.has_value() > 1) {
        throw UsageError(f.grade_class ? "--grade-class" : "--grade", "choose one of --template, --key, --grade and --grade-class");
    }
    if (f.want_template) o.mode = HomeworkOptions::Mode::template_sheet;
    if (f.want_key) o.mode = HomeworkOptions::Mode::key;
    if (f.grade) {
        o.mode = HomeworkOptions::Mode::grade;
        o.sheet = file_flag(f.grade, "--grade");
    }
    if (f.grade_class) {
        o.mode = HomeworkOptions::Mode::grade_class;
        o.roster = file_flag(f.grade_class, "--grade-class");
        if (!f.out) throw UsageError("--out", "--grade-class needs --out DIR (the folder for the gradebook and reports)");
        if (f.variant) throw UsageError("--variant", "does not go with --grade-class (the roster gives each student's ID)");
        for (const ReportFormat& format : report_formats()) {
            if (f.report_files.count(format.flag)) {
                throw UsageError(format.flag, "does not go with --grade-class (each student's reports are in DIR/students/)");
            }
        }
    }
    const bool grading = f.grade || f.grade_class;
    std::vector<std::pair<std::string, bool>> grade_only;
    for (const ReportFormat& format : report_formats()) grade_only.emplace_back(format.flag, f.report_files.count(format.flag) > 0);
    grade_only.insert(grade_only.end(), {{"--points", f.points.has_value()},
                                         {"--course", f.course.has_value() && !f.want_template},
                                         {"--show-expected", f.show_expected}});
    for (const auto& [name, given] : grade_only) {
        if (given && !grading) {
            throw UsageError(name, std::string("only goes with --grade FILE or --grade-class ROSTER") +
                                       (name == std::string("--course") ? " (or --template, to show its tolerance)" : ""));
        }
    }
    for (const auto& [name, given] : {std::pair<const char*, bool>{"--out", f.out.has_value()}, {"--jobs", f.jobs.has_value()}}) {
        if (given && !f.grade_class) throw UsageError(name, "only goes with --grade-class ROSTER");
    }
    if (f.out) o.out_dir = file_flag(f.out, "--out");
    if (f.svg) {
        if (o.mode != HomeworkOptions::Mode::solutions) {
            throw UsageError("--svg", "goes with the worked solutions only (not --template, --key, --grade or --grade-class)");
        }
        o.svg_dir = file_flag(f.svg, "--svg");
    }
    if (f.jobs) {
        if (*f.jobs < 1 || *f.jobs > 256) {
            throw UsageError("--jobs", "must be an integer in 1..256 (got " + std::to_string(*f.jobs) + ")");
        }
        o.jobs = static_cast<unsigned>(*f.jobs);
    }
    for (const ReportFormat& format : report_formats()) {
        const auto file = f.report_files.find(format.flag);
        if (file != f.report_files.end()) o.report_files[format.flag] = file_flag(file->second, format.flag.c_str());
    }
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
