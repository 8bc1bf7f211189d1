#include "homework/class/grade_class.hpp"

#include <fmt/format.h>

#include "core/blas_threads.hpp"
#include "homework/class/class_report.hpp"
#include "homework/class/gradebook.hpp"
#include "homework/class/in_order.hpp"
#include "homework/class/output_dir.hpp"
#include "homework/class/roster.hpp"
#include "homework/grade/grade_student.hpp"
#include "homework/io/cells.hpp"
#include "homework/reports/report_set.hpp"
#include "host/host.hpp"
#include "render/svg/class_svg.hpp"

namespace attn::homework {

namespace {

constexpr const char* kAssignment = "attn homework";

// One student: graded, the reports written to their folder, reduced to a row.
StudentResult grade_row(const RosterRow& row, const GradingPolicy& policy, const std::vector<ClassColumn>& columns,
                        double class_max, const std::string& dir) {
    StudentGrade graded;
    if (!row.refusal.empty()) {
        graded.report = unreadable_sheet(row.path, Variant::not_known_yet(), row.refusal, 2, GradeReport::NotGraded::refused);
        graded.report.warnings = policy.warnings;   // as grade_student's reports have them
        graded.status = SheetStatus::refused_id;
    } else {
        graded = grade_student(policy, row.variant.empty() ? row.typed_id() : row.variant, row.path, row.path);
    }
    StudentResult result = summarise(row, graded, columns, class_max);
    if (!result.folder.empty()) {
        // Not synced one by one (two fsyncs a student cost more than grading them):
        // sync_output_dir makes them durable at once, before the class files are written.
        write_report_set(student_reports(make_student_folder(dir, result.folder)), graded.report,
                         policy.gradescope, false);
    }
    return result;
}

}  // namespace

ClassOutput grade_class(const ClassRun& o, const ClassProgress& progress) {
    host::require_class_grading();
    const Roster roster = read_roster(o.roster);
    GradingPolicy policy;
    read_grading_policy(o, policy);
    const std::vector<ClassColumn> columns = class_columns(policy.options.problem, policy.options.points);
    double class_max = 0;
    for (const ClassColumn& c : columns) class_max += c.max_points;

    const OutputLock lock(o.out_dir);   // one run at a time into DIR; a second is refused, naming this one
    prepare_output_dir(o.out_dir);
    ClassTally tally(columns);
    // The three CSV files grow a row per student, on disk, and are renamed into place at the end.
    StagedFile gradebook(o.out_dir, "gradebook.csv"), canvas(o.out_dir, "canvas.csv"), moodle(o.out_dir, "moodle.csv");
    gradebook.append(gradebook_header(columns));
    canvas.append(canvas_header(kAssignment, class_max));
    moodle.append(moodle_header(kAssignment));
    double max_score = 0;
    const std::size_t n = roster.rows.size();
    const unsigned jobs = o.jobs ? o.jobs : host::available_cores();
    core::set_blas_threads(1);   // the students are the parallel work; see blas_threads.hpp
    for_each_in_order<StudentResult>(
        n, jobs, 4 * static_cast<std::size_t>(jobs) + 16,
        [&](std::size_t i) { return grade_row(roster.rows[i], policy, columns, class_max, o.out_dir); },
        [&](std::size_t i, const StudentResult& r) {
            tally.add(r);
            gradebook.append(gradebook_row(r, columns.size()));
            canvas.append(canvas_row(r));
            moodle.append(moodle_row(r));
            if (r.status == SheetStatus::graded) max_score = std::max(max_score, r.max_score);
            if (progress) progress(i + 1, n);
        });
    if (tally.graded == 0) max_score = class_max;

    ClassReportContext context;
    context.roster = o.roster;
    context.origin = policy.secret.empty() ? "self-study numbers, no course secret" : "keyed by the course secret";
    context.max_score = max_score;
    context.lang = o.lang;
    context.warnings = policy.warnings;
    sync_output_dir(o.out_dir);
    gradebook.commit();
    canvas.commit();
    moodle.commit();
    write_class_file(o.out_dir, "class.md", class_markdown(tally, context));
    ClassReportContext picture = context;   // class.svg: English unless a language was chosen
    picture.lang = o.picture_lang;
    write_class_file(o.out_dir, "class.svg", render::svg::class_svg(class_chart(tally, picture)));

    ClassOutput out;
    out.out = fmt::format("attn homework: graded {} of {} students ({} with every answer right, {} not graded) "
                          "into {}/: gradebook.csv, canvas.csv, moodle.csv, class.md, class.svg, students/\n",
                          tally.graded, tally.students, tally.all_right, tally.ungraded_count, o.out_dir);
    out.code = tally.all_right == tally.students ? 0 : 1;
    for (const std::string& w : policy.warnings) out.err += "attn: warning: " + safe_text(w) + "\n";
    return out;
}

}  // namespace attn::homework
