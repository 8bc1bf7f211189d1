#include "homework/homework.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/errors.hpp"
#include "homework/answer_key.hpp"
#include "homework/grade.hpp"
#include "homework/grade_text.hpp"
#include "homework/gradescope.hpp"
#include "homework/junit.hpp"
#include "homework/problems.hpp"
#include "homework/sheet.hpp"
#include "homework/sheet_text.hpp"
#include "homework/solution_text.hpp"
#include "homework/summary_markdown.hpp"
#include "homework/variant.hpp"

namespace attn::homework {

namespace {

void write_file(const std::string& path, const std::string& text, bool append, const std::string& what) {
    std::FILE* f = std::fopen(path.c_str(), append ? "ab" : "wb");
    if (!f) throw IoError(what + " " + path + ": cannot open for writing: " + std::strerror(errno));
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const bool closed = std::fclose(f) == 0;
    if (!ok || !closed) throw IoError(what + " " + path + ": cannot write: " + std::strerror(errno));
}

void write_reports(const HomeworkOptions& o, const GradeReport& report, HomeworkOutput& result) {
    if (!o.junit.empty()) write_file(o.junit, junit_xml(report), false, "--junit");
    if (!o.gradescope.empty()) write_file(o.gradescope, gradescope_json(report), false, "--gradescope");
    if (!o.step_summary.empty()) {
        // The summary is the CI's, not the user's: failing to append it is a warning, not a failure.
        try {
            write_file(o.step_summary, summary_markdown(report), true, "$GITHUB_STEP_SUMMARY");
        } catch (const IoError& e) {
            result.err += std::string("attn: warning: ") + e.what() + "\n";
        }
    }
}

}  // namespace

HomeworkOutput run_homework(const HomeworkOptions& o) {
    HomeworkOutput result;
    const Variant variant = make_variant(o.variant);
    const Solutions solutions = solve(variant);
    const AnswerKey key = build_answer_key(solutions);

    switch (o.mode) {
        case HomeworkOptions::Mode::solutions:
            result.out = solution_text(solutions, key, o.problem);
            return result;
        case HomeworkOptions::Mode::template_sheet:
            result.out = template_sheet(solutions, key, o.problem);
            return result;
        case HomeworkOptions::Mode::key:
            result.out = key_sheet(solutions, key, o.problem);
            return result;
        case HomeworkOptions::Mode::grade: break;
    }

    const std::string name = o.sheet == "-" ? "<stdin>" : o.sheet;
    GradeReport report;
    try {
        GradeOptions g;
        g.problem = o.problem;
        g.points = o.points;
        report = grade(key, read_sheet(o.sheet), g);
    } catch (const UsageError& e) {
        HomeworkOutput ignored;
        write_reports(o, unreadable_sheet(name, variant.label(), e.what(), 2), ignored);
        throw;
    } catch (const IoError& e) {
        HomeworkOutput ignored;
        write_reports(o, unreadable_sheet(name, variant.label(), e.what(), 3), ignored);
        throw;
    }
    write_reports(o, report, result);
    for (const std::string& w : report.warnings) result.err += "attn: warning: " + w + "\n";
    result.out = grade_table_text(report);
    result.code = report.exit_code();
    return result;
}

}  // namespace attn::homework
