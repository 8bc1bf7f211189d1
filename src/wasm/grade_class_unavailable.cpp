// The WebAssembly build's class run (homework/class/grade_class.hpp): none. Grading a class reads
// a roster (libcsv), a folder of students' sheets and the course secret, runs a thread pool and
// writes a gradebook: the teacher's machine's work, not a browser tab's. `--grade-class` is
// refused with one line (exit 2).
#include "homework/class/grade_class.hpp"

#include "errors.hpp"

namespace attn::homework {

unsigned available_cores() { return 1; }

ClassOutput grade_class(const ClassRun&, const ClassProgress&) {
    throw UsageError("--grade-class", "class grading is not in the browser build; it runs in attn for Linux "
                                      "on the teacher's machine");
}

}  // namespace attn::homework
