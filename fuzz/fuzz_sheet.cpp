// libFuzzer target: the sheet reader, the grader and every report writer, on arbitrary bytes.
// The contract under test: any input either grades or throws attn::UsageError (an unreadable
// sheet, exit 2), never crashes, hangs, reads out of bounds or hits undefined behaviour; and every
// report of a graded sheet is well-formed (the JSON and XML writers see every answer text).
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++-14 -DATTN_FUZZ=ON
//   cmake --build build-fuzz --target fuzz_sheet && build-fuzz/fuzz_sheet fuzz/corpus/sheet
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/grade/course.hpp"
#include "homework/grade/grade.hpp"
#include "homework/problems/problems.hpp"
#include "homework/reports/gradescope.hpp"
#include "homework/reports/junit.hpp"
#include "homework/reports/markdown.hpp"
#include "homework/reports/text.hpp"
#include "homework/sheet/sheet.hpp"

using namespace attn::homework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const AnswerKey key = build_answer_key(solve(chapter_variant()));
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The same bytes as a course file: the teacher's parser must be as robust.
    try {
        parse_course(text, "course.toml");
    } catch (const attn::UsageError&) {
    }
    GradeReport report;
    try {
        GradeOptions options;
        options.expression_seed = 1;
        options.show_expected = size % 2 == 0;
        report = grade(key, parse_sheet(text, "sheet.toml"), options);
    } catch (const attn::UsageError& e) {
        report = unreadable_sheet("sheet.toml", chapter_variant(), e.what(), 2, GradeReport::NotGraded::sheet_unreadable);
    }
    if (report.error.empty() && report.items.size() != key.items.size()) std::abort();
    if (report.error.empty() && report.right + report.wrong + report.missing != report.items.size()) std::abort();
    const std::string out = grade_table_text(report) + junit_xml(report) + gradescope_json(report, {"hidden", "visible"}) +
                            summary_markdown(report);
    return out.empty() ? -1 : 0;
}
