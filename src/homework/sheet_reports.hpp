#pragma once
// --grade's report files (one per format named, and $GITHUB_STEP_SUMMARY), the glue's: checked before
// anything is read, stale ones replaced at once, and written in every outcome of the run, so that
// a CI job gets its reports (saying why) whatever stops the grading.
#include <string>

#include "homework/grade/grade.hpp"
#include "homework/homework.hpp"

namespace attn::homework {

class SheetReports {
  public:
    // Checks the report paths of `options` before anything is read: no report may overwrite an
    // input or another report, or be a directory or a device, and the step summary (appended to)
    // may not be an input. A refused path keeps what is there; the others take a score-0 report
    // naming the refusal, which is then thrown (attn::UsageError or attn::IoError). Otherwise
    // the stale reports (a student's committed results.json, the last run's) are replaced at
    // once by reports that say grading did not finish; `write` replaces those.
    explicit SheetReports(const HomeworkOptions& options);

    // Writes the report set (its files as one run's set, under one lock) and appends
    // the step summary; a summary that cannot be appended is a warning added to `warnings`.
    void write(const GradeReport& report, const GradescopeOptions& gradescope, std::string& warnings) const;

    // The score-0 reports of a refusal before the options are known (report_refusal, homework.hpp):
    // the paths are checked as above, and those that pass take the refusal's report. Never throws.
    static void write_refusal(const HomeworkOptions& options, const Refusal& refusal);

  private:
    SheetReports() = default;
    HomeworkOptions o_;   // the report paths, those refused cleared
};

}  // namespace attn::homework
