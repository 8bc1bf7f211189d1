// --grade's report files: checked first, replaced at once, written in every outcome (sheet_reports.hpp).
#include "homework/sheet_reports.hpp"

#include <unistd.h>

#include <optional>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "files/paths.hpp"
#include "homework/io/files.hpp"
#include "homework/reports/markdown.hpp"
#include "homework/reports/report_formats.hpp"
#include "homework/reports/report_set.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/problems/variant.hpp"

namespace attn::homework {

namespace {

// The first refusal of `o`'s report paths (a later one cannot change its kind), having removed
// the stale reports it may remove: those that are none of the refused ones, so that even a refused
// run leaves no old report behind. The refused paths are cleared in `o`, so that what is left in
// it may take the refusal's score-0 report.
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
    // The report paths in --grade's set order (the formats' order, report_formats.hpp).
    std::vector<std::pair<std::string, std::string*>> reports;
    for (const ReportFormat& format : report_formats()) {
        const auto file = o.report_files.find(format.flag);
        if (file != o.report_files.end() && !file->second.empty()) reports.emplace_back(format.flag, &file->second);
    }
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const std::string& flag = reports[i].first;
        const std::string path = *reports[i].second;
        std::optional<Refusal> why;
        for (const auto& [input_flag, input] : inputs) {
            if (!why && input != "-" && same_file(path, input)) {
                why = Refusal{Refusal::Kind::usage, flag,
                              path + " is the file given to " + input_flag + "; a report must not overwrite it"};
            }
        }
        for (std::size_t j = 0; j < i && !why; ++j) {
            if (same_file(path, *reports[j].second)) {
                why = Refusal{Refusal::Kind::usage, flag, path + " is also the " + reports[j].first + " report"};
            }
        }
        if (!why && files::is_dir(path)) why = Refusal{Refusal::Kind::files, flag, path + ": is a directory"};
        if (!why && is_special_file(path)) {
            why = Refusal{Refusal::Kind::files, flag,
                          path + ": not a regular file (a device, FIFO or socket); a report is written only "
                                 "as a regular file"};
        }
        if (!why) ::unlink(path.c_str());   // a stale report of this run (ENOENT is fine)
        else reports[i].second->clear();
        if (why && !first) first = std::move(why);
    }
    return first;
}

// Writes `report` to the set `o` names; with `summary`, appends the step summary too (a summary
// that cannot be appended is a warning: the summary is the CI's, not the user's).
void write_reports(const HomeworkOptions& o, const GradeReport& report, const GradescopeOptions& gradescope,
                   bool summary, std::string& warnings) {
    const std::string markdown = summary && !o.step_summary.empty() ? summary_markdown(report) : "";
    write_report_set(sheet_reports(o.report_files), report, gradescope);
    if (markdown.empty()) return;
    try {
        append_file(o.step_summary, markdown, "$GITHUB_STEP_SUMMARY");
    } catch (const IoError& e) {
        warnings += std::string("attn: warning: ") + e.what() + "\n";
    }
}

// The score-0 report of a run that did not grade: `why` as the sheet's error.
GradeReport not_graded(const HomeworkOptions& o, const std::string& why, int exit_code) {
    GradeReport report = unreadable_sheet(sheet_display_name(o.sheet), Variant::not_known_yet(), why, exit_code, GradeReport::NotGraded::refused);
    report.variant_origin = "grading did not finish";
    return report;
}

// Writes a refusal's score-0 reports where the (checked) paths of `o` allow; a report that cannot
// be written is left absent: the refusal itself is what is reported.
void write_refused(const HomeworkOptions& o, const Refusal& refusal) {
    std::string ignored;
    try {
        write_reports(o, not_graded(o, refusal.text(), refusal.exit_code()), {}, true, ignored);
    } catch (const IoError&) {
    }
}

}  // namespace

SheetReports::SheetReports(const HomeworkOptions& options) : o_(options) {
    const std::optional<Refusal> refusal = refused_report_paths(o_);
    if (refusal) {
        write_refused(o_, *refusal);
        refusal->raise();
    }
    std::string warnings;   // none: the placeholder appends no summary
    write_reports(o_, not_graded(o_, "grading did not finish", 3), {}, false, warnings);
}

void SheetReports::write(const GradeReport& report, const GradescopeOptions& gradescope, std::string& warnings) const {
    write_reports(o_, report, gradescope, true, warnings);
}

void SheetReports::write_refusal(const HomeworkOptions& options, const Refusal& refusal) {
    HomeworkOptions o = options;
    (void)refused_report_paths(o);   // the paths that are refused keep what is there
    write_refused(o, refusal);
}

}  // namespace attn::homework
