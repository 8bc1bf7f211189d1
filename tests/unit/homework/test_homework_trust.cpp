// Homework, the trust side (issue 8): what a student could try against the grader, and the pinned
// variant derivation. Each case is a regression test of one attack that used to work.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/grade/course.hpp"
#include "homework/grade/expression.hpp"
#include "homework/io/files.hpp"
#include "homework/grade/grade.hpp"
#include "homework/grade/grade_student.hpp"
#include "homework/homework.hpp"
#include "host/host.hpp"
#include "homework/problems/problems.hpp"
#include "homework/reports/gradescope.hpp"
#include "homework/reports/junit.hpp"
#include "homework/reports/markdown.hpp"
#include "homework/reports/text.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_gate.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/trust/student_id.hpp"
#include "homework/problems/variant.hpp"
#include "rng/seed.hpp"

using namespace attn::homework;

namespace {

const std::string kSecret = "0123456789abcdef0123456789abcdef";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const AnswerKey& chapter_key() {
    static const AnswerKey k = build_answer_key(solve(chapter_variant()));
    return k;
}

GradeReport grade_text(const std::string& toml, const AnswerKey& key = chapter_key(), GradeOptions o = {}) {
    return grade(key, parse_sheet(toml, "sheet.toml"), o);
}

std::string hex(const attn::host::Digest& d) {
    std::string out;
    char buf[3];
    for (unsigned char c : d) {
        std::snprintf(buf, sizeof buf, "%02x", c);
        out += buf;
    }
    return out;
}

std::string fmt_double(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

struct TempDir {
    std::string path;
    TempDir() {
        char name[] = "/tmp/attn-hw-XXXXXX";
        path = ::mkdtemp(name);
    }
    ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
};

}  // namespace

// ---- issue 8, point 1: anyone could print any student's key -----------------------------------
TEST_CASE("HMAC-SHA256 is libcrypto's: RFC 4231 test case 2") {
    CHECK(hex(attn::host::hmac_sha256("Jefe", "what do ya want for nothing?")) ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    // RFC 4231 test case 1 (key 0x0b x 20, "Hi There").
    CHECK(hex(attn::host::hmac_sha256(std::string(20, '\x0b'), "Hi There")) ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
}

TEST_CASE("the variant derivation is pinned, with and without a course secret (issue 14, point 3)") {
    // Cross-checked by an independent Python derivation (hmac + SplitMix64) in homework_cli_test.py.
    // v3 (issue 17, point 2): the larger number spaces; issue 43: problem 1 redrawn until its routes agree.
    CHECK(variant_stream_start("s1234567", "") == 0x754e5defbc253455ull);
    CHECK(variant_stream_start("s1234567", kSecret) == 0xa560ef2671f507adull);
    const Variant open = derive_variant("s1234567");
    CHECK(open.p1.keys == std::array<std::array<long, 2>, 3>{{{4, 3}, {-5, -2}, {5, 3}}});
    CHECK(open.p1.query == std::array<long, 2>{-1, 2});
    CHECK(open.p2.seed.decimal() == "1141934522");
    CHECK(open.p2.column == 2);
    CHECK(open.p3.d == 174);
    CHECK(open.p3.n_short == 195);
    CHECK(open.p3.n_long == 1152);
    const Variant keyed = derive_variant("s1234567", kSecret);
    CHECK(keyed.keyed);
    CHECK(keyed.p1.keys == std::array<std::array<long, 2>, 3>{{{1, 0}, {1, -3}, {1, -5}}});
    CHECK(keyed.p1.query == std::array<long, 2>{-2, -1});
    CHECK(keyed.p2.seed.decimal() == "3098830085");
    CHECK(keyed.p2.column == 4);
    CHECK(keyed.p3.d == 78);
    CHECK(keyed.p3.n_short == 816);
    CHECK(keyed.p3.n_long == 904);
}

TEST_CASE("without the secret a student's printed key does not grade under the secret") {
    for (const char* id : {"alice", "s1234567", "bob@example.edu"}) {
        CAPTURE(id);
        const Solutions self_study = solve(make_variant(id));
        const std::string printed = key_sheet(self_study, build_answer_key(self_study));
        const AnswerKey graded = build_answer_key(solve(make_variant(id, kSecret)));
        const GradeReport r = grade_text(printed, graded);
        CHECK(r.exit_code() == 1);
        CHECK(r.right < 12);   // booleans and shared formulas may agree; the numbers do not
        // The teacher's own key (printed with the secret) round-trips.
        const Solutions with = solve(make_variant(id, kSecret));
        CHECK(grade_text(key_sheet(with, build_answer_key(with)), graded).exit_code() == 0);
    }
}

TEST_CASE("student IDs: trimmed, ASCII case-folded, printable ASCII only; chapter is the chapter") {
    CHECK(normalise_student_id("  Alice\t") == "alice");
    CHECK(normalise_student_id("S1234567") == "s1234567");
    CHECK(make_variant(" ALICE ", kSecret).p2.seed == make_variant("alice", kSecret).p2.seed);
    CHECK(make_variant("alice", kSecret).id == "alice");
    CHECK(make_variant("Chapter").is_chapter());
    CHECK(make_variant("chapter", kSecret).is_chapter());
    CHECK_THROWS_AS(normalise_student_id("   "), attn::UsageError);
    CHECK_THROWS_AS(normalise_student_id("al\xe2\x80\x8b" "ice"), attn::UsageError);   // zero-width space
    CHECK_THROWS_AS(normalise_student_id("\xd0\xb0lice"), attn::UsageError);           // Cyrillic a
    CHECK_THROWS_AS(normalise_student_id("a\x1b[31mb"), attn::UsageError);
    CHECK_THROWS_AS(make_variant("alice", "short"), attn::UsageError);                  // a weak secret
}

// ---- point 2: grading revealed the key --------------------------------------------------------
TEST_CASE("wrong and missing answers never show the expected value unless the teacher asks") {
    const std::string tpl = template_sheet(solve(chapter_variant()), chapter_key());
    const std::string wrong = "[hw1.c]\nslope_a = 0.0968\n[hw2.a]\nkept_sum = 0.5\n[hw3.b]\nmuls = \"D\"\n";
    for (const std::string& sheet : {tpl, wrong}) {
        const GradeReport r = grade_text(sheet);
        const std::string all = grade_table_text(r) + junit_xml(r) + gradescope_json(r) + summary_markdown(r);
        for (const char* secret : {"0.0966", "0.801716", "4*D^2*N", "0.4458", "9216", "884736", "0.260645"}) {
            CHECK_MESSAGE(all.find(secret) == std::string::npos, secret);
        }
        for (const auto& row : r.items) CHECK(row.expected.empty());
    }
    GradeOptions shown;
    shown.show_expected = true;
    const GradeReport r = grade_text(wrong, chapter_key(), shown);
    for (const std::string& text : {grade_table_text(r), junit_xml(r), gradescope_json(r)}) {
        CHECK(text.find("0.0966") != std::string::npos);
        CHECK(text.find("0.801716") != std::string::npos);
    }
    CHECK(summary_markdown(r).find("` 0.0966 `") != std::string::npos);   // a code span in Markdown
}

// ---- point 3: the sheet set its own points ----------------------------------------------------
TEST_CASE("[meta] in a sheet is ignored with one warning; points come from the teacher") {
    const GradeReport r = grade_text("[meta.points]\n\"hw1.a.scores\" = 1000000\n\"*\" = nan\n[meta]\nvariant = 3\n"
                                     "[hw1.a]\nscores = [2, 0, 2]\n");
    CHECK(r.score == 1);
    CHECK(r.max_score == 19);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] == "[meta] in the answer sheet is ignored: points and grading policy come from the teacher");
    CHECK(gradescope_json(r).find("\"score\": 1,") != std::string::npos);
}

TEST_CASE("the course file: points validated finite and >= 0, feedback, Gradescope visibility") {
    const CoursePolicy c = parse_course("[points]\n\"*\" = 1\nhw3 = 2\nhw1.c.slope_a = 0.5\n[feedback]\nshow_expected = true\n"
                                        "[gradescope]\nvisibility = \"after_published\"\nstdout_visibility = \"hidden\"\n",
                                        "course.toml");
    CHECK(c.points.lookup("hw1.c.slope_a", 1) == 0.5);
    CHECK(c.points.lookup("hw3.a.params", 1) == 2);
    CHECK(c.points.lookup("hw2.a.kept_sum", 7) == 1);
    CHECK(c.show_expected);
    CHECK(c.tests_visibility == "after_published");
    CHECK(c.stdout_visibility == "hidden");
    for (const char* bad : {"[points]\nhw1 = nan\n", "[points]\nhw1 = inf\n", "[points]\nhw1 = -5\n",
                            "[points]\nhw1 = 1e7\n", "[points]\nhw1 = \"2\"\n", "[points]\nfoo = 1\n",
                            "[feedback]\nshow_expected = 1\n", "[feedback]\nshow = true\n",
                            "[gradescope]\nvisibility = \"public\"\n", "[grading]\nx = 1\n", "x = [[[",
                            "a = 1\n\xff"}) {
        CAPTURE(bad);
        CHECK_THROWS_AS(parse_course(bad, "course.toml"), attn::UsageError);
    }
    GradeReport r = grade_text("[hw1.a]\nscores = [2, 0, 2]\n");
    GradescopeOptions gs{c.tests_visibility, c.stdout_visibility};
    const std::string json = gradescope_json(r, gs);
    CHECK(count(json, "\"visibility\": \"after_published\"") == 19);
    CHECK(json.find("\"stdout_visibility\": \"hidden\"") != std::string::npos);
}

// ---- point 4: a crash left the student's fake reports in place --------------------------------
TEST_CASE("sheets nested deeper than the limit are refused before toml++ sees them") {
    auto refusal = [](const std::string& text) {
        try {
            check_sheet_text(text, "s.toml");
        } catch (const attn::UsageError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    std::string dotted = "a";
    for (int i = 0; i < 30000; ++i) dotted += ".a";
    CHECK(refusal(dotted + " = 1\n").find("s.toml:1:40: nested 21 levels deep") != std::string::npos);
    CHECK(refusal("[" + dotted + "]\n").find("nested 21 levels deep") != std::string::npos);
    CHECK(refusal("x = " + std::string(30000, '[')).find("nested 21 levels deep") != std::string::npos);
    std::string inline_tables = "x = ";
    for (int i = 0; i < 30000; ++i) inline_tables += "{a=";
    CHECK(refusal(inline_tables).find("nested") != std::string::npos);
    CHECK(refusal("[a.b.c]\nd.e.f = [[1], [2]]\n" + std::string(10, '\n')).empty());
    // Twenty levels is the stated limit: accepted; brackets inside strings and comments do not count.
    std::string twenty = "a";
    for (int i = 1; i < 20; ++i) twenty += ".a";
    CHECK(refusal(twenty + " = 1\n").empty());
    CHECK(refusal("x = \"" + std::string(100, '[') + "\" # " + std::string(100, '{') + "\n").empty());
    CHECK(refusal("x = '''\n" + std::string(100, '[') + "\n'''\n").empty());
    CHECK(refusal("x = \"\\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[\"\n").empty());
    // Keys toml++ 3.3.0 assumes well-formed (undefined behaviour otherwise; found by fuzz_sheet).
    CHECK(refusal("[(w3.a]\n").find("s.toml:1:2: unexpected '(' in a table header") != std::string::npos);
    for (const char* bad : {"[]\n", "[a..b]\n", "[.a]\n", "a..b = 1\n", ".a = 1\n", "a. = 1\n", "= 1\n",
                            "x = {a = 1, }\n", "x = {,}\n", "[a.\"b\"c]\n", "a\"b\" = 1\n", "[[a.]]\n"}) {
        CAPTURE(bad);
        CHECK_FALSE(refusal(bad).empty());
    }
    for (const char* good : {"[ a . \"b.c\" . 'd' ]\n", "[[a.b]]\nx = 1\n", "x = {}\ny = { }\n", "\"a\".b = 1\n",
                             "x = {a = 1, b.c = {d = [1, {e = 2}]}}\n", "a-b_c.9 = 1\r\n"}) {
        CAPTURE(good);
        CHECK(refusal(good).empty());
    }
    CHECK(refusal("hw1 = { a = { scores = [}, c = 1 } }\n").find("a '}' where the '[' opened before it") != std::string::npos);
    CHECK_FALSE(refusal("x = {a = [1 }\n").empty());
    CHECK_FALSE(refusal("x = [1, {a = 1]]\n").empty());
    for (const char* bad : {"[#w1.a]\n", "[\nhw1]\n", "[hw1.\na]\n", "x = {\na = 1}\n", "x = {a # c\n= 1}\n"}) {
        CAPTURE(bad);
        CHECK_FALSE(refusal(bad).empty());
    }
    CHECK(refusal("[hw1.a] # a comment\nx = 1 # another\n").empty());
    CHECK(refusal("x = [0\"4D\xc2\xb2N\"]\n").find("unexpected '\"' right after a value") != std::string::npos);
    CHECK(refusal("x = 1'\xc2\xb2'\n").find("right after a value") != std::string::npos);
    CHECK(refusal("q =7{\"hw1.-s.a\xc3\xa9 [[[\n").find("unexpected '{' right after a value") != std::string::npos);
    CHECK(refusal("x = [1,2]\ny = {a = 1}\nz = 1 # c\nw = true\r\n").empty());
    CHECK(refusal("x = (\"\xc3\xa9\")\n").find("unexpected '(' where a value belongs") != std::string::npos);
    CHECK(refusal("\xEF\xBB\xBF[hw1.a]\r\nscores = [2, 0, 2]\r\n").empty());   // BOM and CRLF, as Notepad saves
    CHECK_FALSE(refusal("[hw1.a]\n\xEF\xBB\xBFx = 1\n").empty());                // a BOM elsewhere is not blank
    // A multi-line string ends at its last three quotes (TOML allows two quotes of content before them).
    CHECK(refusal("x = \"\"\"a\"\"\"\"\"\ny = 1\n").empty());
    CHECK(refusal("x = \"\"\"a\"\"\"\"\"\xc3\xa9\n").find("non-ASCII") != std::string::npos);
    CHECK(refusal("x = '''a'''''\ny = '''b''''\n").empty());
    CHECK(refusal("\"\"\"w2]\n\\ \xc3\xa9\n").find("a multi-line string where a key belongs") != std::string::npos);
    CHECK(refusal("['''a]\n").find("a multi-line string where a key belongs") != std::string::npos);
    CHECK(refusal("\"\" = 1\n").empty());   // an empty quoted key is TOML
    // Dates and times: never answers, and toml++ 3.3.0 assumes their shape (found by fuzz_sheet).
    for (const char* bad : {"x = 1979-05-27T:00Z\n", "x = 0-:16:00\n", "x = 07:32:00\n", "x = [1979-05-27]\n",
                            "x = 1979-05-27", "x = {a = 12:00}\n"}) {
        CAPTURE(bad);
        CHECK(refusal(bad).find("a date or time") != std::string::npos);
    }
    CHECK(refusal("x = [1, -2, +3.5e-3, 0x1F, 1_000, inf, -nan, true]\n").empty());
    // Non-ASCII only in strings and comments: a sheet holding only "é" (toml++ 3.3.0 UB) is refused.
    CHECK(refusal("\xc3\xa9").find("s.toml:1:1: a non-ASCII character outside a string or comment") != std::string::npos);
    CHECK(refusal("x = \"\xc3\xa9\" # \xe4\xbd\x9c\n").empty());
    CHECK(refusal("x = \"\\\xc3\xa9\"\n").find("a backslash before a non-ASCII character") != std::string::npos);
    CHECK(refusal("x = \"\"\"a\\  \n\n  \xc2\xb2\"\"\"\n").find("right after a backslash and blank space") !=
          std::string::npos);
    CHECK(refusal("x = \"\"\"a\\\n  b \xc2\xb2\"\"\"\n").empty());
    CHECK(refusal("mu = \"\"\"2\n\\\n\n\\\t\xef\xbb\xbb\".").find("right after a backslash and blank space") !=
          std::string::npos);
}

TEST_CASE("reports are written all-or-nothing, replacing a symbolic link instead of following it") {
    TempDir dir;
    const std::string target = dir.path + "/target.txt";
    const std::string report = dir.path + "/report.xml";
    std::ofstream(target) << "keep me";
    REQUIRE(::symlink(target.c_str(), report.c_str()) == 0);
    write_file_atomically(report, "<new/>", "--junit");
    CHECK(read_text(target) == "keep me");
    CHECK(read_text(report) == "<new/>");
    struct stat info {};
    REQUIRE(::lstat(report.c_str(), &info) == 0);
    CHECK(S_ISREG(info.st_mode));
    // A report in a directory that does not exist: an IoError, and no temporary file anywhere.
    CHECK_THROWS_AS(write_file_atomically(dir.path + "/nope/r.xml", "x", "--junit"), attn::IoError);
    // Same file: by text, through ./, and when the report names what a symbolic-link sheet reads.
    const std::string sheet = dir.path + "/answers.toml";
    std::ofstream(sheet) << "[hw1.a]\n";
    const std::string link = dir.path + "/link.toml";
    REQUIRE(::symlink(sheet.c_str(), link.c_str()) == 0);
    CHECK(same_file(sheet, sheet));
    CHECK(same_file(dir.path + "/./answers.toml", sheet));
    CHECK(same_file(sheet, link));
    CHECK(same_file(link, link));
    CHECK_FALSE(same_file(report, sheet));
}

TEST_CASE("stale reports are replaced before the sheet is read, whatever happens next") {
    TempDir dir;
    const std::string junit = dir.path + "/report.xml", gs = dir.path + "/results.json";
    std::ofstream(junit) << "<testsuites tests=\"19\" failures=\"0\"/>";
    std::ofstream(gs) << "{\"score\": 19}";
    HomeworkFlags f;
    f.grade = dir.path + "/missing.toml";
    f.report_files["--junit"] = junit;
    f.report_files["--gradescope"] = gs;
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::IoError);
    CHECK(read_text(junit).find("errors=\"1\"") != std::string::npos);
    CHECK(read_text(gs).find("\"score\": 0") != std::string::npos);
    // A report path that is a directory: exit 3, and the other stale report is a score-0 one saying why.
    std::ofstream(gs) << "{\"score\": 19}";
    ::mkdir((dir.path + "/dir.xml").c_str(), 0700);
    f.report_files["--junit"] = dir.path + "/dir.xml";
    std::ofstream(dir.path + "/missing.toml") << "[hw1.a]\n";
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::IoError);
    CHECK(read_text(gs).find("\"score\": 0") != std::string::npos);
    CHECK(read_text(gs).find("is a directory") != std::string::npos);
    // A refused flag after the report paths are known: score-0 reports naming it (issue 17, point 7).
    std::ofstream(gs) << "{\"score\": 19}";
    f.report_files["--junit"] = junit;
    f.points = "hw1=-1";
    try {
        (void)homework_options(f);
        FAIL("--points hw1=-1 accepted");
    } catch (const attn::UsageError& e) {
        report_refusal(f, Refusal::of(e));
    }
    CHECK(read_text(gs).find("\"score\": 0") != std::string::npos);
    CHECK(read_text(gs).find("--points") != std::string::npos);
    CHECK(read_text(junit).find("--points") != std::string::npos);
    // ... naming the refusal as the reason, not an unreadable sheet (the sheet was never read).
    CHECK(read_text(gs).find("\"output\": \"Not graded: --points: ") != std::string::npos);
    CHECK(read_text(gs).find("could not be read") == std::string::npos);
    CHECK(read_text(junit).find("type=\"refused\"") != std::string::npos);
    f.points.reset();
    // A report path equal to the sheet, or empty: refused, the sheet untouched.
    f.report_files["--junit"] = *f.grade;
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(*f.grade) == "[hw1.a]\n");
    f.report_files["--junit"] = "";
    CHECK_THROWS_AS(homework_options(f), attn::UsageError);
}

TEST_CASE("a refused course secret is said after the course file, whose Gradescope settings its report keeps") {
    TempDir dir;
    const std::string gs = dir.path + "/results.json", sheet = dir.path + "/s.toml", course = dir.path + "/course.toml",
                      secret = dir.path + "/secret";
    std::ofstream(sheet) << "[hw1.a]\nscores = [2, 0, 2]\n";
    std::ofstream(course) << "[gradescope]\nstdout_visibility = \"hidden\"\n";
    std::ofstream(secret) << "short\n";
    REQUIRE(::chmod(secret.c_str(), 0600) == 0);
    HomeworkFlags f;
    f.grade = sheet;
    f.report_files["--gradescope"] = gs;
    f.course = course;
    f.secret_file = secret;
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(gs).find("\"output\": \"Not graded: --secret-file: ") != std::string::npos);
    CHECK(read_text(gs).find("\"stdout_visibility\": \"hidden\"") != std::string::npos);
    ::unlink(secret.c_str());   // a secret file that cannot be read: the same, exit 3
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::IoError);
    CHECK(read_text(gs).find("\"output\": \"Not graded: --secret-file ") != std::string::npos);
    CHECK(read_text(gs).find("\"stdout_visibility\": \"hidden\"") != std::string::npos);
    std::ofstream(course) << "x = [[[\n";   // a course file refused is said first, whatever the secret
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(gs).find("\"output\": \"Not graded: --course: ") != std::string::npos);
}

TEST_CASE("every not-graded report names its reason: refused flags and files, the ID, or the sheet") {
    GradeReport refused = unreadable_sheet("s.toml", chapter_variant(), "--variant: the ID is empty", 2,
                                           GradeReport::NotGraded::refused);
    CHECK(gradescope_json(refused, {}).find("\"output\": \"Not graded: --variant: the ID is empty\"") != std::string::npos);
    CHECK(summary_markdown(refused).find("Not graded:\n\n    --variant: the ID is empty\n") != std::string::npos);
    CHECK(summary_markdown(refused).find("could not be read") == std::string::npos);
    CHECK(junit_xml(refused).find("type=\"refused\"") != std::string::npos);
    const GradeReport unreadable = unreadable_sheet("s.toml", chapter_variant(), "--grade: s.toml:1:1: not valid TOML", 2,
                                                    GradeReport::NotGraded::sheet_unreadable);
    CHECK(gradescope_json(unreadable, {}).find("The answer sheet could not be read: --grade: s.toml:1:1") != std::string::npos);
    CHECK(junit_xml(unreadable).find("type=\"unreadable\"") != std::string::npos);
    // Through the glue: a course file refused, and require_secret without an ID, are not unreadable sheets.
    TempDir dir;
    const std::string gs = dir.path + "/results.json", sheet = dir.path + "/s.toml", course = dir.path + "/course.toml";
    std::ofstream(sheet) << "[hw1.a]\nscores = [2, 0, 2]\n";
    std::ofstream(course) << "require_secret = true\n";
    HomeworkFlags f;
    f.grade = sheet;
    f.report_files["--gradescope"] = gs;
    f.course = course;
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(gs).find("\"output\": \"Not graded: --course: require_secret = true") != std::string::npos);
    std::ofstream(course) << "[points]\nhw1 = -1\n";
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(gs).find("\"output\": \"Not graded: ") != std::string::npos);
    f.course.reset();
    // A sheet with nothing readable is not graded, and says why; one bad line costs only its answer
    // (issue 29, point 4).
    std::ofstream(sheet) << "[hw1 a\nscores = \n";
    CHECK_THROWS_AS(run_homework(homework_options(f)), attn::UsageError);
    CHECK(read_text(gs).find("\"output\": \"The answer sheet could not be read: --grade: ") != std::string::npos);
    std::ofstream(sheet) << "[hw1.a]\nscores = \n";
    CHECK(run_homework(homework_options(f)).code == 1);
    CHECK(read_text(gs).find("this line could not be read") != std::string::npos);
}

TEST_CASE("a student's sheet that links to a grader's file is refused unread (issue 17, further attacks)") {
    TempDir dir;
    const std::string secret = dir.path + "/course-secret.txt", link = dir.path + "/answers.toml";
    std::ofstream(secret) << "SeCrEt+0123456789abcdef0123456789\n";
    REQUIRE(::symlink(secret.c_str(), link.c_str()) == 0);
    HomeworkFlags f;
    f.grade = link;
    f.secret_file = secret;
    f.variant = "alice";
    try {
        (void)run_homework(homework_options(f));
        FAIL("graded");
    } catch (const attn::UsageError& e) {
        CHECK(std::string(e.what()) == "--grade: " + link + ": is the file given to --secret-file; a sheet is never one "
                                       "of the teacher's files");
    }
    // The same through the one grading function --grade-class uses.
    GradingPolicy policy;
    policy.teacher_files = {{"--secret-file", secret}};
    const StudentGrade graded = grade_student(policy, "alice", link, "answers.toml");
    CHECK(graded.report.error.find("is the file given to --secret-file") != std::string::npos);
    CHECK(graded.report.error.find("SeCrEt") == std::string::npos);
    // Any symbolic link as the sheet: refused (exit 3) without reading what it names.
    CHECK_THROWS_WITH_AS(read_sheet(link), (link + ": cannot read: a symbolic link; give the sheet itself (a link could "
                                            "name any file)").c_str(),
                         attn::IoError);
    // /proc passes for a regular file: its environment (the secret in $ATTN_COURSE_SECRET) is never read.
    CHECK_THROWS_WITH_AS(read_sheet("/proc/self/environ"),
                         "/proc/self/environ: cannot read: a /proc or /sys file, not an answer sheet", attn::IoError);
}

TEST_CASE("a key that looks like the grader's rename marker stays the student's key") {
    // The marker is drawn afresh for each sheet, so spelling one (here, the old fixed one, with an
    // escape) cannot turn a key into an answer key when the markers are removed.
    // `\u0061` is "a": the text never holds the marker, the key does once read.
    const GradeReport r = grade_text("[hw1.a]\n\"\\u0061ttn-twice0x0-scores\" = [2, 0, 2]\n"
                                     "\"attn-twice-0123456789abcdefx0-scores\" = [2, 0, 2]\nscaled = 1\nscaled = 2\n");
    CHECK(r.items[0].verdict == Verdict::missing);   // hw1.a.scores
    CHECK(r.items[1].hint.rfind("written twice", 0) == 0);
    std::size_t unknown = 0;
    for (const std::string& w : r.warnings) unknown += w.find("unknown key hw1.a.attn-twice") != std::string::npos;
    CHECK(unknown == 2);
}

TEST_CASE("homework flags parse once: the problem a number, the seed an rng::Seed, refusals typed (issue 21)") {
    HomeworkFlags f;
    f.problems = {2};
    CHECK(homework_options(f).problem == 2);
    for (const auto& [problems, message] :
         {std::pair<std::vector<long>, std::string>{{4}, "problem: must be in 1..3 (got 4)"},
          {{0}, "problem: must be in 1..3 (got 0)"},
          {{-1}, "problem: must be in 1..3 (got -1)"},
          {{1, 2}, "problem: give one problem number, 1..3"}}) {
        f.problems = problems;
        try {
            (void)homework_options(f);
            FAIL("accepted");
        } catch (const attn::UsageError& e) {
            CHECK(std::string(e.what()) == message);
            CHECK(e.flag == "problem");
        }
    }
    // Problem 2's seed is the generator's own type, derived once (no decimal text re-read).
    static_assert(std::is_same_v<decltype(Problem2Params::seed), attn::rng::Seed>);
    CHECK(make_variant("alice", "").p2.seed == attn::rng::Seed::from_decimal(make_variant("alice", "").p2.seed.decimal()));
    // A refusal's kind is its exit code, and raise() throws that kind with the same text.
    const Refusal usage = Refusal::of(attn::UsageError("--points", "hw1=-1: points must be >= 0"));
    CHECK(usage.kind == Refusal::Kind::usage);
    CHECK(usage.flag == "--points");
    CHECK(usage.message == "hw1=-1: points must be >= 0");
    CHECK(usage.exit_code() == 2);
    CHECK(usage.text() == "--points: hw1=-1: points must be >= 0");
    CHECK_THROWS_WITH_AS(usage.raise(), "--points: hw1=-1: points must be >= 0", attn::UsageError);
    const Refusal files{Refusal::Kind::files, "--junit", "out/: is a directory"};
    CHECK(files.exit_code() == 3);
    CHECK_THROWS_WITH_AS(files.raise(), "--junit out/: is a directory", attn::IoError);
    // Two refused report paths: the first one's kind decides, whatever the second is.
    TempDir dir;
    const std::string sheet = dir.path + "/s.toml", d1 = dir.path + "/d1", d2 = dir.path + "/d2";
    std::ofstream(sheet) << "[hw1.a]\n";
    ::mkdir(d1.c_str(), 0700);
    ::mkdir(d2.c_str(), 0700);
    HomeworkFlags g;
    g.grade = sheet;
    g.report_files["--junit"] = sheet;   // the sheet itself: usage (2)
    g.report_files["--gradescope"] = d1;   // a directory: files (3)
    CHECK_THROWS_WITH_AS(run_homework(homework_options(g)), (std::string("--junit: ") + sheet + " is the file given to --grade; a report must not overwrite it").c_str(), attn::UsageError);
    g.report_files["--junit"] = d1;
    g.report_files["--gradescope"] = sheet;
    CHECK_THROWS_WITH_AS(run_homework(homework_options(g)), ("--junit " + d1 + ": is a directory").c_str(), attn::IoError);
    g.report_files["--gradescope"] = d2;
    CHECK_THROWS_AS(run_homework(homework_options(g)), attn::IoError);
}

// ---- point 5: expressions were checked at six fixed public points -----------------------------
TEST_CASE("expressions: a polynomial fitted to known points is wrong; points are fresh and varied") {
    const auto points = draw_expression_points(fresh_expression_seed());
    CHECK(points.size() == kExpressionPoints);
    CHECK_FALSE(compare_expressions("4*D^2 + (D-48)*(D-7.25)*(D-513)*(D-19.5)*(D-2.125)*(D-96.5)", "4*D^2", points).equal);
    double largest = 0;
    int integers = 0;
    for (const auto& p : points) {
        largest = std::max(largest, p.d);
        integers += p.d == std::floor(p.d) || p.n == std::floor(p.n);
    }
    CHECK(largest > 1000);     // with 24 log-uniform draws in 0.5..20000, below 1000 has probability < 1e-7
    CHECK(integers == 0);
    CHECK(draw_expression_points(1)[0].d != draw_expression_points(2)[0].d);
}

TEST_CASE("an expression equal to the reference at exactly one point is wrong (issue 14, point 1)") {
    const auto points = draw_expression_points(99);
    for (std::size_t at : {std::size_t{0}, points.size() / 2, points.size() - 1}) {
        CAPTURE(at);
        // k*D equals 4*D^2 where D = k/4: at this one point only.
        const std::string one_point = fmt_double(4 * points[at].d) + "*D";
        const ExpressionCheck check = compare_expressions(one_point, "4*D^2", {points[at]});
        CHECK(check.equal);   // the construction is right at its point...
        CHECK_FALSE(compare_expressions(one_point, "4*D^2", points).equal);   // ...and wrong overall
    }
}

TEST_CASE("expression spellings: **, implicit products, superscripts; errors say where") {
    const auto points = draw_expression_points(7);
    for (const char* ok : {"4D^2", "4D²", "D**2*4", "4 × D²", "2D(2D)", "(2D)(2D)", "4·D·D", "4d^2", "4*D^2 − 0",
                           "4D^2N^0", "1e0*4*D^2", ".5*8*D^2"}) {
        CAPTURE(ok);
        CHECK(compare_expressions(ok, "4*D^2", points).equal);
    }
    CHECK(compare_expressions("4D²N + 2N²D", "4*D^2*N + 2*N^2*D", points).equal);
    CHECK(compare_expressions("2ND(2D+N)", "4*D^2*N + 2*N^2*D", points).equal);
    CHECK(compare_expressions("D³/D", "D^2", points).equal);
    CHECK(expression_spelling("4D²N").text == "4*D^2*N");
    CHECK(expression_spelling("D**3").text == "D^3");
    struct Bad {
        const char* text;
        const char* error;
    };
    for (const Bad& b : {Bad{"D2", "a number after a letter or ')' (write D^2 or 2*D) at character 2"},
                         Bad{"4 4", "two numbers in a row at character 3"},
                         Bad{"4*x", "unexpected 'x' at character 3"},
                         Bad{"sin(D)", "unexpected 's' at character 1"},
                         Bad{"D > 1 ? D : 0", "unexpected '>' at character 3"},
                         Bad{"_pi*D", "unexpected '_' at character 1"},
                         Bad{"²D", "a power (²) after nothing to raise at character 1"},
                         Bad{"4*D)", "a ')' without its '(' at character 4"},
                         Bad{"   ", "no expression at character 1"}}) {
        CAPTURE(b.text);
        const ExpressionCheck c = compare_expressions(b.text, "4*D^2", points);
        CHECK_FALSE(c.parsed);
        CHECK(c.error == b.error);
    }
    const ExpressionCheck open = compare_expressions("(4*D^2", "4*D^2", points);
    CHECK_FALSE(open.parsed);
    CHECK(open.error.find("at character 7") != std::string::npos);
    CHECK(compare_expressions("4*D^^2", "4*D^2", points).error.find("at character 5") != std::string::npos);
    CHECK_FALSE(compare_expressions(std::string(kMaxExpressionBytes + 1, 'D'), "D", points).parsed);
}

// ---- point 6 and issue 14, point 2 ------------------------------------------------------------
TEST_CASE("the same key twice is wrong, naming both places") {
    const GradeReport r = grade_text("\"hw1.a.scores\" = [2, 0, 2]\n[hw1.a]\nscores = [2, 0, 2]\n");
    REQUIRE(r.items.size() == 19);
    CHECK(r.items[0].verdict == Verdict::wrong);
    CHECK(r.items[0].hint == "written twice, at sheet.toml:1:18 and sheet.toml:3:10; give each answer once");
}

// ---- issue 17, point 7: a key written twice in any TOML spelling costs that key, not the sheet --
namespace {

const std::string& book_sheet() {
    static const std::string text = read_text(ATTN_SOURCE_DIR "/tests/data/homework/book-answers.toml");
    return text;
}

// The book's sheet with `extra` put before its first table (at_top) or after its last line.
std::string book_with(const std::string& extra, bool at_top) {
    const std::string& book = book_sheet();
    const std::size_t first_table = book.find("\n[hw1.a]") + 1;
    return at_top ? book.substr(0, first_table) + extra + book.substr(first_table) : book + extra;
}

}  // namespace

TEST_CASE("a key written twice in any TOML spelling is wrong, the rest of the sheet graded") {
    // Every answer of the book's sheet (all right), written a second time in each spelling TOML has
    // for it; toml++ refuses each of these documents outright. The second writing carries the same
    // value, so only "written twice" can make that key wrong.
    const GradeReport book = grade_text(book_sheet());
    REQUIRE(book.right == 19);
    std::size_t cases = 0;
    for (const GradedItem& row : book.items) {
        const std::string key = row.key;                       // hw1.a.scores
        const std::string table = key.substr(0, key.rfind('.')), leaf = key.substr(key.rfind('.') + 1);
        const std::string problem = key.substr(0, key.find('.')), inner = key.substr(key.find('.') + 1);
        const std::string& book_text = book_sheet();
        const std::size_t at = book_text.find("\n" + leaf + " ", book_text.find("[" + table + "]")) + 1;
        const std::size_t eq = book_text.find('=', at) + 2;
        const std::string line_rest = book_text.substr(eq, book_text.find('\n', at) - eq);
        const std::string v = line_rest.substr(0, line_rest.find("  #"));   // the value, without its comment
        const std::string part = table.substr(problem.size() + 1);                       // a
        const struct {
            std::string text;
            bool at_top;
        } spellings[] = {
            {"[" + table + "]\n" + leaf + " = " + v + "\n", false},                          // the table twice
            {key + " = " + v + "\n", true},                                                // dotted, then [hw1.a]
            {"[" + problem + "]\n" + inner + " = " + v + "\n", false},                      // dotted into [hw1.a]
            {problem + " . \"" + part + "\" . '" + leaf + "' = " + v + "\n", true},           // quoted segments
            {problem + " = { " + part + " = { " + leaf + " = " + v + " } }\n", true},         // inline, then [hw1.a]
            {"[" + problem + "]\n" + part + " = { " + leaf + " = " + v + " }\n", false},      // inline into [hw1]
            {"[" + table + "]\n\"" + leaf + "\" = " + v + "\n", false},                      // quoted, table twice
        };
        for (const auto& spelling : spellings) {
            const std::string sheet = book_with(spelling.text, spelling.at_top);
            CAPTURE(sheet);
            const GradeReport r = grade_text(sheet);
            REQUIRE(r.items.size() == 19);
            for (const GradedItem& other : r.items) {
                CAPTURE(other.key);
                if (other.key == key) {
                    CHECK(other.verdict == Verdict::wrong);
                    CHECK(other.hint.rfind("written twice, at sheet.toml:", 0) == 0);
                    CHECK(other.hint.find("give each answer once") != std::string::npos);
                } else {
                    CHECK(other.verdict == Verdict::right);
                }
            }
            ++cases;
        }
    }
    CHECK(cases == 19 * 7);
}

TEST_CASE("a key written twice: both places in the student's own lines and columns; three times; bounded") {
    // The second writing's column is where the student wrote it (the marker toml++ needed is not counted).
    GradeReport r = grade_text("[hw1.a]\nscores = [2, 0, 2]\n\"scores\" = [2, 0, 2]\n'scores' = [2, 0, 2]\n");
    CHECK(r.items[0].hint == "written 3 times, at sheet.toml:2:10, sheet.toml:3:12 and 1 more; give each answer once");
    r = grade_text("[hw1.a]\nscores = [2, 0, 2]\nweights = [0.4458, 0.1084, 0.4458]\n[hw1.a]\nscores = [2, 0, 2]\n");
    CHECK(r.items[0].hint == "written twice, at sheet.toml:2:10 and sheet.toml:5:10; give each answer once");
    CHECK(r.items[2].verdict == Verdict::right);   // hw1.a.weights, written once
    r = grade_text("[hw1]\na = { scores = [2, 0, 2], scores = [2, 0, 3] }\n");
    CHECK(r.items[0].hint == "written twice, at sheet.toml:2:16 and sheet.toml:2:36; give each answer once");
    r = grade_text("[hw1.a]\nscores = [2, 0, 2]\nscores = [\n  2,\n  0,\n  2,\n]\nscaled = [1.4142, 0, 1.4142]\n");
    CHECK(r.items[0].hint == "written twice, at sheet.toml:2:10 and sheet.toml:3:10; give each answer once");
    CHECK(r.items[1].verdict == Verdict::right);
    // Another TOML error after a key written twice costs its line, named at the student's column.
    const Sheet other = parse_sheet("[hw1.a]\nscores = 1\n\"scores\" = 2 x\n", "s.toml");
    REQUIRE(other.refused.size() == 1);
    CHECK(other.refused[0].line == 3);
    CHECK(other.refused[0].column == 14);
    CHECK(other.refused[0].key == "hw1.a.scores");
    CHECK(other.refused[0].reason.find("not valid TOML") == 0);
    // Retries are bounded by the bytes parsed: many keys written twice in a 1 MiB sheet are refused.
    std::string big = "[hw1.a]\n";
    while (big.size() < kMaxSheetBytes - 16) big += "x = 1\n";
    try {
        (void)parse_sheet(big, "big.toml");
        FAIL("not refused");
    } catch (const attn::UsageError& e) {
        CHECK(std::string(e.what()).find("keys written twice; give each answer once") != std::string::npos);
    }
    std::string many = "[hw1.a]\n";   // a small sheet with many: all found
    for (int i = 0; i < 200; ++i) many += "x = 1\n";
    CHECK(parse_sheet(many, "many.toml").values.size() == 200);
}

TEST_CASE("JUnit failures= counts wrong and missing answers alike") {
    const GradeReport r = grade_text("[hw1.c]\nslope_a = 0.0968\n[hw2.a]\nkept_sum = 0.5\n[hw2.c]\nsame_as_mask = true\n");
    REQUIRE(r.wrong == 2);
    REQUIRE(r.missing == 16);
    const std::string xml = junit_xml(r);
    CHECK(count(xml, "<failure ") == 18);
    CHECK(count(xml, "failures=\"18\"") == 2);   // <testsuites> and <testsuite>
    CHECK(count(xml, "type=\"missing\"") == 16);
}

TEST_CASE("Markdown in an answer reaches the step summary as text; unicode keys are escaped") {
    const GradeReport r = grade_text("[hw3.a]\nparams = \"**bold** [x](https://evil.example) <img src=x>\"\n"
                                     "[hw1.a]\n\"scores\xe2\x80\xae\" = [2, 0, 2]\n");
    const std::string md = summary_markdown(r);
    // A code span: nothing inside is parsed (tests/homework_reports_test.py renders it with cmark-gfm).
    CHECK(md.find("| ` \"**bold** [x](https://evil.example) <img src=x>\" ` (expression) |") != std::string::npos);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("hw1.a.scores\\u{202E}") != std::string::npos);
    // An answer cannot hide control or bidi characters in a CI log either.
    const GradeReport hidden = grade_text("[hw3.a]\nparams = \"4*D^2\\u001b[2K\u202e\u200b\"\n");
    CHECK(hidden.items[10].given == "\"4*D^2\\u{001B}[2K\\u{202E}\\u{200B}\"");
}

TEST_CASE("fewer digits than asked: \"give 4 decimal places\"; right-so-far only when the course file asks") {
    const std::string sheet = "[hw1.c]\nslope_a = 0.097\n[hw2.a]\nkept_sum = 0.8\n[hw1.a]\nweights = [0.45, 0.11, 0.45]\n"
                              "[hw1.b]\nweights = [0.1, 0.1, 0.8]\n";
    GradeOptions partial;
    partial.partial_digits = true;
    const GradeReport r = grade_text(sheet, chapter_key(), partial);
    const GradeReport off = grade_text(sheet);
    auto hint = [](const GradeReport& rep, const std::string& key) {
        for (const auto& row : rep.items) if (row.key == key) return row.hint;
        return std::string("?");
    };
    CHECK(hint(r, "hw1.c.slope_a").rfind("give 4 decimal places: right as far", 0) == 0);
    CHECK(hint(r, "hw2.a.kept_sum").rfind("give 6 decimal places: right as far", 0) == 0);
    CHECK(hint(r, "hw1.a.weights").rfind("give 4 decimal places: right as far", 0) == 0);
    CHECK(hint(r, "hw1.b.weights").find("right as far") == std::string::npos);   // wrong to the digits it has
    // Off (the default): every short answer gets the same hint, right so far or not, so the
    // grader cannot be asked for a key digit by digit (issue 17, point 6).
    for (const char* key : {"hw1.c.slope_a", "hw2.a.kept_sum", "hw1.a.weights", "hw1.b.weights"}) {
        CHECK(hint(off, key).find("right as far") == std::string::npos);
        CHECK(hint(off, key).find("fewer digits than asked") != std::string::npos);
    }
    const GradeReport wrong_short = grade_text("[hw1.c]\nslope_a = 0.5\n");
    const GradeReport right_short = grade_text("[hw1.c]\nslope_a = 0.1\n");
    CHECK(hint(wrong_short, "hw1.c.slope_a") == hint(right_short, "hw1.c.slope_a"));
    CHECK(parse_course("[feedback]\npartial_digits = true\n", "c.toml").partial_digits);
    CHECK_FALSE(parse_course("[feedback]\nshow_expected = true\n", "c.toml").partial_digits);
    CHECK_THROWS_AS(parse_course("[feedback]\npartial_digit = true\n", "c.toml"), attn::UsageError);
    CHECK_THROWS_AS(parse_course("[feedback]\npartial_digits = 1\n", "c.toml"), attn::UsageError);
    CHECK(parse_course("require_secret = true\n", "c.toml").require_secret);
    CHECK_FALSE(parse_course("[points]\nhw1 = 1\n", "c.toml").require_secret);
    CHECK_THROWS_AS(parse_course("require_secret = \"yes\"\n", "c.toml"), attn::UsageError);
}
