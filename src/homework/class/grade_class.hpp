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
#include <string>

#include "homework/grade/grade_student.hpp"
#include "render/lang.hpp"

namespace attn::homework {

// A class run's request: the teacher's side, and the roster, the folder and the languages.
struct ClassRun : TeacherSide {
    std::string roster;            // --grade-class ROSTER
    std::string out_dir;           // --out DIR
    unsigned jobs = 0;             // --jobs N; 0: every core
    // --lang / $ATTN_LANG, chosen by the CLI: the worked solutions' and the sheets' problem text
    // and class.md. The grader's table, warnings and reports are English in either language (as
    // the default has printed them since the grader was written), so --lang en changes no byte of them.
    render::Lang lang = render::Lang::zh_TW;
    // class.svg's words: English unless --lang or $ATTN_LANG chose a language (a server with no
    // CJK font draws Chinese as empty boxes; docs/pictures.md).
    render::Lang picture_lang = render::Lang::en;
};

// What the class run prints: one line per output, and the exit code.
struct ClassOutput {
    std::string out;
    std::string err;               // the teacher's warnings (a secret file others can read), "attn: warning: …" lines
    int code = 0;                  // 0 when every student was graded with every answer right, else 1
};

// Students graded so far, of the total (for the CLI's progress line).
using ClassProgress = std::function<void(std::size_t done, std::size_t total)>;

ClassOutput grade_class(const ClassRun& run, const ClassProgress& progress = {});

}  // namespace attn::homework
