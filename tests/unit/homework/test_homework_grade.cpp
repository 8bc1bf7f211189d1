// Homework, the grading side: the chapter's own sheet, crafted wrong sheets (flagged on exactly
// the wrong keys, with the known mistake named), malformed sheets, points, variants and reports.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/io/cells.hpp"
#include "homework/grade/grade.hpp"
#include "homework/reports/text.hpp"
#include "homework/reports/gradescope.hpp"
#include "homework/reports/junit.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/reports/markdown.hpp"
#include "test_homework_support.hpp"

using namespace attn::homework;
using namespace attn::homework::testing;

namespace {

// The chapter's own answers as a sheet (a copy of the reference folder's homework/book-answers.toml).
const std::string kBookSheet = ATTN_SOURCE_DIR "/tests/data/homework/book-answers.toml";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const Solutions& chapter_solutions() {
    static const Solutions s = solve(chapter_variant());
    return s;
}

const AnswerKey& chapter_key() {
    static const AnswerKey k = build_answer_key(chapter_solutions());
    return k;
}

GradeReport grade_text(const std::string& toml, const AnswerKey& key = chapter_key(), const GradeOptions& o = {}) {
    return grade(key, parse_sheet(toml, "sheet.toml"), o);
}

// The book's sheet with the line that starts with `prefix` (inside [table]) replaced.
std::string book_with(const std::string& table, const std::string& prefix, const std::string& line) {
    std::string text = read_text(kBookSheet);
    const std::size_t at_table = text.find("[" + table + "]");
    REQUIRE(at_table != std::string::npos);
    const std::size_t at = text.find("\n" + prefix, at_table);
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', at + 1);
    return text.substr(0, at + 1) + line + text.substr(end);
}

std::vector<std::string> keys_not_right(const GradeReport& r) {
    std::vector<std::string> out;
    for (const auto& row : r.items) {
        if (row.verdict != Verdict::right) out.push_back(row.key);
    }
    return out;
}

std::string fmt_list(const std::vector<double>& v, int places) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", places, v[i]);
        out += (i ? ", " : "") + std::string(buf);
    }
    return out + "]";
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("the chapter's own answers get full marks, with the 1(c) note on the chapter") {
    const GradeReport r = grade(chapter_key(), read_sheet(kBookSheet));
    CHECK(r.items.size() == 19);
    CHECK(r.right == 19);
    CHECK(r.score == 19);
    CHECK(r.max_score == 19);
    CHECK(r.exit_code() == 0);
    CHECK(r.warnings.empty());
    std::vector<std::string> noted;
    for (const auto& row : r.items) {
        if (!row.note.empty()) noted.push_back(row.key);
    }
    CHECK(noted == std::vector<std::string>{"hw1.c.slope_a"});
    const GradedItem& slope = row_of(r, "hw1.c.slope_a");
    CHECK(slope.note_on_chapter);
    CHECK(slope.note.find("0.0967") != std::string::npos);
    CHECK(slope.note.find("0.0966") != std::string::npos);
    const std::string table = grade_table_text(r);
    CHECK(table.find("score: 19/19") != std::string::npos);
    CHECK(table.find("note on the chapter") != std::string::npos);
}

TEST_CASE("the key the core computes grades full, for the chapter and for variants") {
    const GradeReport r = grade_text(key_sheet(chapter_solutions(), chapter_key()));
    CHECK(r.exit_code() == 0);
    for (const auto& row : r.items) CHECK(row.note.empty());
    for (const char* id : {"alice", "s1234567", "student 7"}) {
        const Solutions s = solve(derive_variant(id));
        const AnswerKey key = build_answer_key(s);
        const std::string sheet = key_sheet(s, key);
        const GradeReport own = grade_text(sheet, key);
        CHECK(own.exit_code() == 0);
        CHECK(own.warnings.empty());
        // The same sheet under the chapter's numbers fails.
        const GradeReport other = grade_text(sheet, chapter_key());
        CHECK(other.exit_code() == 1);
        CHECK(other.wrong + other.missing >= 5);
    }
}

TEST_CASE("precision edge cases of 1(c): 0.0966 and 0.0967 right, 0.0968 wrong") {
    for (const char* ok : {"0.0966", "0.0967", "0.09664", "0.096636479"}) {
        const GradeReport r = grade_text(book_with("hw1.c", "slope_a", std::string("slope_a = ") + ok));
        CHECK_MESSAGE(r.exit_code() == 0, ok);
    }
    const GradeReport r = grade_text(book_with("hw1.c", "slope_a", "slope_a = 0.0968"));
    CHECK(r.exit_code() == 1);
    CHECK(keys_not_right(r) == std::vector<std::string>{"hw1.c.slope_a"});
    CHECK(row_of(r, "hw1.c.slope_a").verdict == Verdict::wrong);
    // 0.0966 is the correctly rounded value: no note at all.
    CHECK(row_of(grade_text(book_with("hw1.c", "slope_a", "slope_a = 0.0966")), "hw1.c.slope_a").note.empty());
}

TEST_CASE("crafted wrong sheets are flagged on exactly the wrong keys, naming the mistake") {
    const Solutions& s = chapter_solutions();
    struct Case {
        std::string table, prefix, line, key, hint_has;
    };
    const std::vector<Case> cases = {
        {"hw1.a", "weights", "weights = " + fmt_list(s.p1.weights_b, 4), "hw1.a.weights", "no 1/sqrt(Dq) scaling"},
        {"hw1.a", "scaled", "scaled = [1.0, 0, 1.0]", "hw1.a.scaled", "Dq instead of sqrt(Dq)"},
        {"hw1.a", "weights", "weights = " + fmt_list(s.p1.weights_a_by_dq, 4), "hw1.a.weights", "Dq instead of sqrt(Dq)"},
        {"hw1.b", "weights", "weights = " + fmt_list(s.p1.weights_a, 4), "hw1.b.weights", "raw scores"},
        {"hw2.b", "weights", "weights = " + fmt_list(s.p2.answer.kept, 6), "hw2.b.weights", "without renormalising"},
        {"hw2.b", "weights", "weights = " + fmt_list(s.p2.wrong_axis.renormalised, 6), "hw2.b.weights", "wrong axis"},
        {"hw2.a", "kept_sum", "kept_sum = " + fmt_list({s.p2.wrong_axis.kept_sum}, 6).substr(1, 8), "hw2.a.kept_sum", "wrong axis"},
        {"hw2.c", "same_as_mask", "same_as_mask = false", "hw2.c.same_as_mask", "attn mask"},
        {"hw3.a", "params =", "params = \"3*D^2\"", "hw3.a.params", "Omega_c"},
        {"hw3.a", "params_d48", "params_d48 = 6912", "hw3.a.params_d48", "Omega_c"},
        {"hw3.b", "muls", "muls = \"3*D^2*N + 2*N^2*D\"", "hw3.b.muls", "Omega_c"},
        {"hw3.b", "muls", "muls = \"4*D^2*N + N^2*D\"", "hw3.b.muls", "only one of the two"},
        {"hw3.b", "muls", "muls = \"3*H*D^2*N + 2*H*N^2*D + D^2*N\"", "hw3.b.muls", "full width"},
        {"hw3.c", "ratio", "ratio = 16", "hw3.c.ratio", "N^2 terms alone"},
        {"hw3.d", "threshold", "threshold = \"1.5*D\"", "hw3.d.threshold", "Omega_c"},
        {"hw3.d", "muls_each", "muls_each = 1769472", "hw3.d.muls_each", "total of both parts"},
        {"hw3.c", "muls_n40", "muls_n40 = 522241", "hw3.c.muls_n40", "evaluate (b)"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.line);
        const GradeReport r = grade_text(book_with(c.table, c.prefix, c.line));
        CHECK(r.exit_code() == 1);
        CHECK(keys_not_right(r) == std::vector<std::string>{c.key});
        CHECK(row_of(r, c.key).hint.find(c.hint_has) != std::string::npos);
        CHECK(r.score == 18);
    }
}

TEST_CASE("expressions right and wrong in a sheet") {
    for (const char* ok : {"\"4*D^2\"", "\"D^2*4\"", "\"4 * D * D\"", "\"3*D^2 + D^2\""}) {
        CHECK(grade_text(book_with("hw3.a", "params =", std::string("params = ") + ok)).exit_code() == 0);
    }
    const GradeReport cube = grade_text(book_with("hw3.a", "params =", "params = \"4*D^3\""));
    CHECK(keys_not_right(cube) == std::vector<std::string>{"hw3.a.params"});
    for (const char* ok : {"\"4D^2\"", "\"4D\u00b2\"", "\"D**2*4\""}) {   // spellings students write
        CHECK_MESSAGE(grade_text(book_with("hw3.a", "params =", std::string("params = ") + ok)).exit_code() == 0, ok);
    }
    const GradeReport unreadable = grade_text(book_with("hw3.a", "params =", "params = \"4*x^2\""));
    CHECK(keys_not_right(unreadable) == std::vector<std::string>{"hw3.a.params"});
    CHECK(row_of(unreadable, "hw3.a.params").hint.find("cannot read the expression: unexpected 'x' at character 3") !=
          std::string::npos);
}

TEST_CASE("the crossover written as an inequality: N > 2D, and N >= 2D + 1 for whole N (issue 29, point 5)") {
    const auto verdict = [](const std::string& answer) {
        const GradeReport r = grade_text(book_with("hw3.d", "threshold", "threshold = '" + answer + "'"));   // TOML's literal string
        return row_of(r, "hw3.d.threshold");
    };
    for (const char* ok : {"2*D", "N > 2D", "N>2D", "N = 2D", "N >= 2D", "N \u2265 2D", "N \u2265 2D+1", "N >= 2D+1",
                           "N \u2265 2D + 1", "N>=2*D+1", "n \u2267 2D + 1", "\uff2e \uff1e\uff1d \uff12\uff24\uff0b\uff11",
                           "$N \\geq 2D+1$"}) {
        CAPTURE(ok);
        CHECK(verdict(ok).verdict == Verdict::right);
    }
    // Wrong stays wrong: one too many, the +1 without >=, a strict > with the +1, and 2D + 2.
    for (const char* wrong : {"2D+1", "N > 2D+1", "N = 2D+1", "N >= 2D+2", "N >= 2D-1", "N >= D+1"}) {
        CAPTURE(wrong);
        CHECK(verdict(wrong).verdict == Verdict::wrong);
    }
    // A known mistake written as an inequality is still named: 1.5 D (Omega_c forgotten) + 1.
    CHECK(verdict("N >= 1.5*D + 1").hint.find("Omega_c") != std::string::npos);
}

TEST_CASE("percentages where a fraction is asked: accepted, saying a fraction was asked (issue 29, point 5)") {
    const auto row = [](const std::string& table, const std::string& prefix, const std::string& line, const std::string& key) {
        return row_of(grade_text(book_with(table, prefix, line)), key);
    };
    // Right as percentages: accepted, with a note that a fraction was asked (and never the key).
    for (const char* ok : {"weights = [44.58%, 10.84%, 44.58%]", "weights = [44.58 %, 10.84 %, 44.58 %]",
                           "weights = [0.4458, 10.84%, 0.4458]", "weights = [44.58\uff05, 10.84\uff05, 44.58\uff05]"}) {
        CAPTURE(ok);
        const GradedItem r = row("hw1.a", "weights", ok, "hw1.a.weights");
        CHECK(r.verdict == Verdict::right);
        CHECK(r.note.find("a fraction was asked") != std::string::npos);
        CHECK(r.note.find("%") != std::string::npos);
    }
    const GradedItem kept = row("hw2.a", "kept_sum", "kept_sum = 80.1716%", "hw2.a.kept_sum");
    CHECK(kept.verdict == Verdict::right);
    CHECK(kept.note.find("80.1716% as 0.801716") != std::string::npos);
    CHECK(row("hw1.c", "slope_a", "slope_a = 9.67%", "hw1.c.slope_a").verdict == Verdict::right);
    // A wrong percentage is still wrong, and the sheet's other answers are unaffected.
    const GradeReport wrong = grade_text(book_with("hw1.a", "weights", "weights = [45.58%, 10.84%, 44.58%]"));
    CHECK(keys_not_right(wrong) == std::vector<std::string>{"hw1.a.weights"});
    CHECK(row("hw2.a", "kept_sum", "kept_sum = 81.1716%", "hw2.a.kept_sum").verdict == Verdict::wrong);
    CHECK(row("hw2.a", "kept_sum", "kept_sum = 0.801716%", "hw2.a.kept_sum").verdict == Verdict::wrong);   // 100x too small
    // Where no fraction is asked (a ratio of counts) a percentage is no answer.
    const GradedItem ratio = row("hw3.c", "ratio", "ratio = 513%", "hw3.c.ratio");
    CHECK(ratio.verdict == Verdict::wrong);
    CHECK(ratio.hint.find("513% is a percentage") != std::string::npos);
    // Without the sign, 100 times the fraction is wrong (nothing says it is a percentage), with a hint.
    const GradedItem bare = row("hw2.a", "kept_sum", "kept_sum = 80.1716", "hw2.a.kept_sum");
    CHECK(bare.verdict == Verdict::wrong);
    CHECK(bare.hint.find("percentage") != std::string::npos);
    // In a string or a comment a % is left alone.
    CHECK(row("hw2.a", "kept_sum", "kept_sum = 0.801716  # 80.17%", "hw2.a.kept_sum").note.empty());
}

TEST_CASE("missing answers and blank answers count as missing") {
    const GradeReport r = grade_text("[hw1.a]\nscores = [2, 0, 2]\nscaled = []\n[hw3.a]\nparams = \"\"\n");
    CHECK(r.right == 1);
    CHECK(r.missing == 18);
    CHECK(r.exit_code() == 1);
    CHECK(row_of(r, "hw1.a.scaled").verdict == Verdict::missing);
    CHECK(row_of(r, "hw3.a.params").verdict == Verdict::missing);
    // An array of the wrong length is a wrong answer, not a missing one.
    const GradeReport short_list = grade_text(book_with("hw1.a", "weights", "weights = [0.4458, 0.1084]"));
    CHECK(row_of(short_list, "hw1.a.weights").verdict == Verdict::wrong);
    CHECK(row_of(short_list, "hw1.a.weights").hint.find("expected 3 numbers") != std::string::npos);
}

TEST_CASE("malformed sheets: exit code 2 with line and column, never a crash") {
    const std::string book = read_text(kBookSheet);
    auto code_of = [](const std::string& text) {
        try {
            grade(chapter_key(), parse_sheet(text, "bad.toml"));
        } catch (const attn::UsageError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    // Truncated in the middle of an array: one bad line costs one answer (issue 29, point 4), the
    // cut key wrong with toml++'s reason and its place; nothing readable at all is refused.
    const GradeReport truncated = grade(chapter_key(), parse_sheet(book.substr(0, book.find("0.1084")), "bad.toml"));
    CHECK(row_of(truncated, "hw1.a.weights").verdict == Verdict::wrong);
    CHECK(row_of(truncated, "hw1.a.weights").hint.find("bad.toml:") == 0);
    CHECK(row_of(truncated, "hw1.a.weights").hint.find("could not be read: not valid TOML") != std::string::npos);
    CHECK(row_of(truncated, "hw1.a.scores").verdict == Verdict::right);
    // (`[hw1.a` and `[hw1.a]]` are read as [hw1.a], issue 43: test_homework_typed.cpp)
    CHECK(code_of("[hw1 a\nscores = [1,").find("bad.toml:1:6: unexpected 'a' after a key segment") != std::string::npos);
    CHECK(code_of("[hw1.a]] x\nscores = [1,\n").find("bad.toml:1:8: not valid TOML") != std::string::npos);
    // Empty, or no homework at all: not an answer sheet.
    CHECK(code_of("").find("not an answer sheet") != std::string::npos);
    CHECK(code_of("title = \"x\"\n").find("not an answer sheet") != std::string::npos);
    // Binary: NUL and bytes that are not UTF-8.
    CHECK(code_of(std::string("\x00\x01\xff\xfe[hw1]", 9)).find("bad.toml:1:1: unexpected byte 0x00 in a key") != std::string::npos);
    CHECK(code_of(std::string("# \xff\xfe[hw1]", 8)).find("bad.toml:1:3: not UTF-8 (byte 0xFF)") != std::string::npos);
    const GradeReport control = grade(chapter_key(), parse_sheet(std::string("[hw1]\nx = \x01\n", 12), "bad.toml"));
    REQUIRE(!control.warnings.empty());
    CHECK(control.warnings[0].find("bad.toml:2:5: this line could not be read (unexpected byte 0x01 where a value belongs)") == 0);
    CHECK(code_of(std::string("x = \x01\n", 6)).find("bad.toml:1:5: unexpected byte 0x01 where a value belongs") != std::string::npos);
    CHECK(code_of("[hw1.a]\nscores = [2, 0, 2]\n\xc3\x28 = 1\n").find("bad.toml:3:1: not UTF-8") != std::string::npos);
    // Huge: over 1 MiB, refused before parsing.
    CHECK(code_of(std::string(kMaxSheetBytes + 1, '#')).find("larger than 1 MiB") != std::string::npos);
    // Deeply nested arrays are refused before toml++ sees them.
    CHECK(code_of("x = " + std::string(100000, '[')).find("nested 21 levels deep") != std::string::npos);
    // Integers beyond int64.
    const GradeReport huge = grade(chapter_key(), parse_sheet("[hw3.a]\nparams_d48 = 99999999999999999999\n", "bad.toml"));
    CHECK(row_of(huge, "hw3.a.params_d48").hint.find("not valid TOML") != std::string::npos);
}

TEST_CASE("badly typed keys are wrong with their place; the rest of the sheet is graded") {
    const GradeReport r = grade_text(book_with("hw1.a", "scores", "scores = \"2, 0, 2\""));
    CHECK(r.exit_code() == 1);
    CHECK(keys_not_right(r) == std::vector<std::string>{"hw1.a.scores"});
    CHECK(row_of(r, "hw1.a.scores").hint.find("sheet.toml:6:10: expected an array of 3 integers") != std::string::npos);
    CHECK(r.right == 18);
    const GradeReport t = grade_text("[hw2.c]\nsame_as_mask = 1\n[hw3.a]\nparams = 9216\n[hw1.a]\nweights = [0.4, \"x\", 0.4]\n"
                                     "[hw1.b.weights]\nx = 1\n");
    CHECK(row_of(t, "hw2.c.same_as_mask").hint == "sheet.toml:2:16: expected true or false, got an integer");
    CHECK(row_of(t, "hw3.a.params").hint.find("expected an expression") != std::string::npos);
    CHECK(row_of(t, "hw1.a.weights").hint.find("element 2 is a string") != std::string::npos);
    CHECK(row_of(t, "hw1.b.weights").hint.find("got a table") != std::string::npos);
    CHECK(t.wrong == 4);
    CHECK(t.missing == 15);
    // A value where a table of answers belongs: a warning, its answers missing.
    const GradeReport v = grade_text("hw1 = 3\n[hw2.c]\nsame_as_mask = true\n");
    CHECK(v.right == 1);
    REQUIRE(v.warnings.size() == 1);
    CHECK(v.warnings[0].find("hw1: expected a table of answers") != std::string::npos);
}

TEST_CASE("files that cannot be opened: attn::IoError (exit 3)") {
    CHECK_THROWS_AS(read_sheet("/nonexistent/sheet.toml"), attn::IoError);
    CHECK_THROWS_AS(read_sheet(ATTN_SOURCE_DIR), attn::IoError);     // a directory
    CHECK_THROWS_AS(read_sheet("/dev/zero"), attn::IoError);         // a device: refused without reading
}

TEST_CASE("unknown keys are warnings; nan and infinities are wrong answers") {
    std::string text = read_text(kBookSheet) + "\n[hw4]\nx = 1\n[meta]\nname = \"Ada\"\n";
    text = text.replace(text.find("[hw1.b]"), 7, "[hw1.b]\nextra = 3");
    const GradeReport r = grade_text(text);
    CHECK(r.exit_code() == 0);
    REQUIRE(r.warnings.size() == 3);
    CHECK(r.warnings[0].find("[meta] in the answer sheet is ignored") != std::string::npos);
    CHECK(r.warnings[1].find("hw1.b.extra") != std::string::npos);
    CHECK(r.warnings[2].find("hw4.x") != std::string::npos);
    std::string stray = "[hw1.a]\nscores = [2, 0, 2]\n[junk]\n";
    for (int i = 0; i < 50; ++i) stray += "k" + std::to_string(i) + " = 1\n";
    const GradeReport many = grade_text(stray);
    REQUIRE(many.warnings.size() == 21);   // the first 20, then how many more
    CHECK(many.warnings[20] == "... and 30 more unknown keys (ignored)");
    const GradeReport bad = grade_text(book_with("hw3.c", "ratio", "ratio = nan"));
    CHECK(keys_not_right(bad) == std::vector<std::string>{"hw3.c.ratio"});
    const GradeReport inf = grade_text(book_with("hw1.a", "scaled", "scaled = [inf, 0, -inf]"));
    CHECK(keys_not_right(inf) == std::vector<std::string>{"hw1.a.scaled"});
}

TEST_CASE("points: 1 each, the teacher's rules, never the sheet's [meta.points]") {
    const std::string book = read_text(kBookSheet);
    std::string wrong = book_with("hw3.c", "ratio", "ratio = 16");
    GradeReport r = grade_text(wrong + "\n[meta.points]\nhw3 = 2\n\"hw3.c.ratio\" = 5\n");
    CHECK(r.max_score == 19);
    CHECK(r.score == 18);
    GradeOptions o;
    o.points = parse_point_rules("--points", "*=1,hw1=0.5,hw3=2");
    r = grade_text(wrong, chapter_key(), o);
    CHECK(r.max_score == doctest::Approx(7 * 0.5 + 3 + 9 * 2));
    CHECK(row_of(r, "hw1.a.scores").max_points == 0.5);
    CHECK(row_of(r, "hw3.c.ratio").points == 0);
    CHECK_THROWS_AS(parse_point_rules("--points", "hw1"), attn::UsageError);
    CHECK_THROWS_AS(parse_point_rules("--points", "hw1=-2"), attn::UsageError);
    CHECK_THROWS_AS(parse_point_rules("--points", "hw1=2,,"), attn::UsageError);
    CHECK_THROWS_AS(parse_point_rules("--points", "hw1=nan"), attn::UsageError);
    CHECK_THROWS_AS(parse_point_rules("--points", "hw1=inf"), attn::UsageError);
    o.points = parse_point_rules("--points", "hw9=3");
    CHECK(grade_text(book, chapter_key(), o).warnings.size() == 1);
}

TEST_CASE("scores are written at the points' precision (issue 17, point 7)") {
    const std::string book = read_text(kBookSheet);
    GradeOptions o;
    o.points = parse_point_rules("--points", "*=0.1");
    GradeReport r = grade_text(book, chapter_key(), o);
    CHECK(r.score == 1.9);   // exactly the double 1.9, not 1.9000000000000006
    CHECK(r.max_score == 1.9);
    CHECK(gradescope_json(r, {}).find("\"score\": 1.9,") != std::string::npos);
    CHECK(junit_xml(r).find("value=\"1.9\"") != std::string::npos);
    o.points = parse_point_rules("--points", "*=0.3,hw2=0.07,hw3.c.ratio=1e-5");
    r = grade_text(book_with("hw3.c", "ratio", "ratio = 16"), chapter_key(), o);
    CHECK(points_text(r.score) == "4.71");
    CHECK(points_text(r.max_score) == "4.71001");
    CHECK(point_decimals(0.25) == 2);
    CHECK(point_decimals(3) == 0);
    CHECK(point_decimals(1.0 / 3) == kMaxPointDecimals);
    CHECK(sum_points({0.1, 0.2}) == 0.3);
}

TEST_CASE("one problem only: the other problems' keys are neither graded nor unknown") {
    GradeOptions o;
    o.problem = 2;
    const GradeReport r = grade_text(read_text(kBookSheet), chapter_key(), o);
    CHECK(r.items.size() == 3);
    CHECK(r.exit_code() == 0);
    CHECK(r.warnings.empty());
}

TEST_CASE("the template is a readable sheet with every answer missing") {
    const GradeReport r = grade_text(template_sheet(chapter_solutions(), chapter_key()));
    CHECK(r.missing == 19);
    CHECK(r.exit_code() == 1);
}

TEST_CASE("reports: JUnit, Gradescope and Markdown agree with the table") {
    GradeOptions shown;
    shown.show_expected = true;
    const GradeReport r = grade_text(book_with("hw3.b", "muls", "muls = \"3*D^2*N + 2*N^2*D\"") + "\n[hw4]\nx = \"<&>\"\n",
                                     chapter_key(), shown);
    const std::string xml = junit_xml(r);
    CHECK(count(xml, "<testcase ") == 19);
    CHECK(count(xml, "<failure ") == 1);
    CHECK(xml.find("name=\"hw3.b.muls\">\n      <failure") != std::string::npos);
    CHECK(xml.find("failures=\"1\"") != std::string::npos);
    CHECK(xml.find("<system-out>note on the chapter") != std::string::npos);
    const std::string json = gradescope_json(r);
    CHECK(count(json, "\"status\": \"failed\"") == 1);
    CHECK(count(json, "\"status\": \"passed\"") == 18);
    CHECK(json.find("\"score\": 18,") != std::string::npos);
    CHECK(json.find("{\"name\": \"hw3.b.muls\", \"score\": 0, \"max_score\": 1, \"status\": \"failed\"") != std::string::npos);
    const std::string md = summary_markdown(r);
    CHECK(md.find("**Score: 18/19**") != std::string::npos);
    CHECK(count(md, "| `hw") == 19);
    CHECK(count(md, "❌") == 1);

    const GradeReport bad = unreadable_sheet("x.toml", chapter_variant(), "--grade: x.toml:1:2: not valid TOML: <oops> \x01", 2,
                                             GradeReport::NotGraded::sheet_unreadable);
    CHECK(bad.exit_code() == 2);
    const std::string bad_xml = junit_xml(bad);
    CHECK(bad_xml.find("<error message=") != std::string::npos);
    CHECK(bad_xml.find("&lt;oops&gt;") != std::string::npos);
    CHECK(bad_xml.find('\x01') == std::string::npos);
    CHECK(gradescope_json(bad).find("\"score\": 0,") != std::string::npos);
    CHECK(summary_markdown(bad).find("could not be read") != std::string::npos);
}

TEST_CASE("escaping for reports") {
    CHECK(xml_escape("a<b>&\"'\x01\t") == "a&lt;b&gt;&amp;&quot;&apos;\\u{0001}\t");
    CHECK(json_escape("a\"\\\n\x02") == "a\\\"\\\\\\n\\\\u{0002}");
    CHECK(valid_utf8("ok \xe4\xbd\x9c \xff \xc0\xaf") == "ok \xe4\xbd\x9c \xEF\xBF\xBD \xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(markdown_cell("a|b`c\nd") == "`` a\\|b`c d ``");
    CHECK(markdown_cell("**x** [l](http://e) <b> ![i](u) # _y_") ==
          "` **x** [l](http://e) <b> ![i](u) # _y_ `");
    // The one sanitising step: hidden characters shown escaped, XML's forbidden U+FFFE/U+FFFF too.
    CHECK(safe_text("a\xC2\x85" "b\xE2\x80\xAE" "c\xEF\xBF\xBF\xEF\xBF\xBE" "d\xE2\x81\xA0\n") ==
          "a\\u{0085}b\\u{202E}c\\u{FFFF}\\u{FFFE}d\\u{2060}\n");
    CHECK(safe_text("e\xCC\x81 \xE4\xBD\x9C") == "e\xCC\x81 \xE4\xBD\x9C");
}
