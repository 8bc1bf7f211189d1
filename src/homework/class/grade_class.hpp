#pragma once
// `attn homework --grade-class ROSTER --out DIR`: every student of a roster graded by the single
// grading function (grade_student.hpp), on --jobs threads, into a gradebook, the Canvas and Moodle
// import files, the class report (class.md, class.svg) and each student's results.json and
// report.xml. Order of work: the roster, the course file and the secret are read and checked
// first (a bad one exits 2 or 3 with DIR untouched); then DIR's last-run files are removed; then
// the students are graded, each one's reports written as soon as they are graded and reduced to
// a row; the class files are written last.
#include <cstddef>
#include <functional>

#include "homework/homework.hpp"

namespace attn::homework {

// Students graded so far, of the total (for the CLI's progress line).
using ClassProgress = std::function<void(std::size_t done, std::size_t total)>;

// out: one line per output; code 0 when every student was graded with every answer right, else 1.
HomeworkOutput grade_class(const HomeworkOptions& options, const ClassProgress& progress = {});

}  // namespace attn::homework
