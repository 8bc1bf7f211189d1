// Homework, the class side: the roster reader (RFC 4180 through libcsv: quotes, embedded commas,
// newlines and quotes, a BOM, CRLF, line numbers, duplicates, refused IDs), student folders, CSV
// fields read back, the histogram bins, the ordered thread pool, and the course file's
// [tolerance] and [partial_credit] as the grader applies them.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "errors.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/class/class_report.hpp"
#include "homework/class/gradebook.hpp"
#include "homework/class/in_order.hpp"
#include "homework/class/mistake_words.hpp"
#include "homework/class/roster.hpp"
#include "homework/grade/course.hpp"
#include "homework/grade/grade.hpp"
#include "homework/io/cells.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"

using namespace attn::homework;

namespace {

std::string refusal(const std::string& text) {
    try {
        parse_roster(text, "r.csv", "dir");
    } catch (const attn::UsageError& e) {
        return e.what();
    }
    return "";
}

// A minimal RFC 4180 reader written here only to read the writer's output back (not the roster's).
std::vector<std::string> read_fields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            out.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

}  // namespace

TEST_CASE("roster: quoted fields with commas, quotes and newlines; BOM; CRLF; the line each row starts on") {
    const std::string text =
        "\xEF\xBB\xBF" "ID,Name,Sheet,Variant\r\n"
        "s1,\"Lee, \"\"Ann\"\"\",a/s1.toml,\r\n"
        "\r\n"
        " S2 ,\"two\nlines\",\"b, c.toml\",resit-2\r\n"
        "s3,陳小明,/abs/s3.toml,\r\n";
    const Roster r = parse_roster(text, "r.csv", "dir");
    REQUIRE(r.rows.size() == 3);
    CHECK(r.rows[0].line == 2);
    CHECK(r.rows[0].name == "Lee, \"Ann\"");
    CHECK(r.rows[0].path == "dir/a/s1.toml");
    CHECK(r.rows[0].typed_id() == "s1");
    CHECK(r.rows[1].line == 4);
    CHECK(r.rows[1].typed_id() == "S2");   // libcsv drops spaces around unquoted fields
    CHECK(r.rows[1].normalised == "s2");
    CHECK(r.rows[1].name == "two lines");   // a name on one line (issue 43)
    CHECK(r.rows[1].path == "dir/b, c.toml");
    CHECK(r.rows[1].variant == "resit-2");
    CHECK(r.rows[2].line == 6);
    CHECK(r.rows[2].path == "/abs/s3.toml");
    CHECK(r.rows[2].name == "陳小明");
}

TEST_CASE("roster: duplicates after normalising name both lines; bad CSV and columns refused with the line") {
    CHECK(refusal("id,sheet\ns1,a\ns2,b\n S1,c\n").find("r.csv:4: the ID \"s1\" is also on line 2") != std::string::npos);
    CHECK(refusal("id,name,sheet\ns1,\"a\nb\",x\nS1,n,y\n").find("r.csv:4:") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,\"open\n").find("r.csv:2: not valid CSV: a quoted field is not closed") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,a\"b\n").find("r.csv:2: not valid CSV") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,\"a\"b\n").find("r.csv:2: not valid CSV") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,a,b\n").find("r.csv:2: 3 fields, but the header has 2") != std::string::npos);
    CHECK(refusal("id,sheet,varient\n").find("unknown column \"varient\"") != std::string::npos);
    CHECK(refusal("id,sheet,id\n").find("the column id is given twice") != std::string::npos);
    CHECK(refusal("id,name\ns1,x\n").find("no sheet column") != std::string::npos);
    CHECK(refusal("sheet\nx\n").find("no id column") != std::string::npos);
    CHECK(refusal("").find("r.csv:1: empty") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,\n").find("r.csv:2: the sheet path is empty") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,\"a\tb\"\n").find("control character") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,\xff\n").find("r.csv:2: not valid UTF-8") != std::string::npos);
    CHECK(refusal("id,sheet\ns1,a\ns2,b\n").empty());
}

TEST_CASE("roster: an ID or override the ID rule refuses is that student's, not the roster's") {
    const Roster r = parse_roster("id,sheet,variant\n,a,\nok,b,\"bad\x01\"\n" + std::string(201, 'x') + ",c,\n", "r.csv", "");
    REQUIRE(r.rows.size() == 3);
    CHECK(r.rows[0].refusal.rfind("id: the ID is empty", 0) == 0);
    CHECK(r.rows[1].normalised == "ok");
    CHECK(r.rows[1].refusal.rfind("variant: the ID holds a character that is not printable ASCII", 0) == 0);
    CHECK(r.rows[2].refusal.rfind("id: the ID is longer than 200", 0) == 0);
    CHECK(r.rows[0].path == "a");
}

TEST_CASE("student folders: no path outside students/, no two IDs in one folder") {
    CHECK(student_folder("s001") == "s001");
    CHECK(student_folder("ann@example.org") == "ann@example.org");
    CHECK(student_folder("..") == "%2E.");
    CHECK(student_folder("a/../b") == "a%2F..%2Fb");
    CHECK(student_folder("%2f") == "%252f");
    CHECK(student_folder(".hidden") == "%2Ehidden");
    CHECK(student_folder("a b") != student_folder("a_b"));
    // Issue 29, point 8: an ID whose folder name would pass 255 bytes is shortened with a digest,
    // distinct IDs staying distinct; at the boundary nothing changes.
    const std::string bangs(100, '!'), more = std::string(99, '!') + "?";
    CHECK(student_folder(bangs).size() <= 255);
    CHECK(student_folder(bangs) != student_folder(more));
    CHECK(student_folder(bangs).find('~') != std::string::npos);
    CHECK(student_folder(std::string(85, '!')).size() == 255);
    CHECK(student_folder(std::string(85, '!')).find('~') == std::string::npos);
    CHECK(student_folder(std::string(255, 'a')) == std::string(255, 'a'));
    CHECK(student_folder(std::string(256, 'a')).size() <= 255);
}

TEST_CASE("CSV fields are read back as written") {
    for (const std::string text : {"plain", "Lee, \"Ann\"", "two\nlines", "", "\"", "a,b,,c"}) {
        const std::string line = csv_field(text) + "," + csv_field("x");
        const auto fields = read_fields(line);
        REQUIRE(fields.size() == 2);
        CHECK(fields[0] == text);
        CHECK(fields[1] == "x");
    }
}

TEST_CASE("CSV fields: no physical line starts a formula or a workflow command (issue 43)") {
    // A roster name beginning with a newline put `::error::` or `=…` at the start of a line of
    // gradebook.csv; the guard applies to every line a cell starts, and reads back as written but
    // for the guard's own characters.
    const std::string text = "\n::error::full marks\r\n=1+1\n##[group]x\n@SUM(A1)";
    const std::string field = csv_field(text);
    std::size_t start = 0;
    for (std::size_t nl = 0; nl != std::string::npos; start = nl + 1) {
        nl = field.find_first_of("\r\n", start);
        const std::string line = field.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        CAPTURE(line);
        CHECK((line.empty() || std::string("=+-@\t").find(line[0]) == std::string::npos));
        CHECK(line.rfind("::", 0) == std::string::npos);
        CHECK(line.find("##[") == std::string::npos);
    }
    const auto fields = read_fields(field);
    REQUIRE(fields.size() == 1);
    CHECK(fields[0] == "\n\\u{003A}:error::full marks\r\n'=1+1\n\\u{0023}#[group]x\n'@SUM(A1)");
}

TEST_CASE("roster: a name's line breaks are spaces; an ID's are the ID rule's to refuse (issue 43)") {
    const Roster r = parse_roster("id,name,sheet\ns1,\"\n::error::x\",a\ns2,\"Lee\r\nAnn\u2028Bo\",b\n\"s3\n=1\",C,c\n",
                                  "r.csv", "");
    REQUIRE(r.rows.size() == 3);
    CHECK(r.rows[0].name == " ::error::x");
    CHECK(r.rows[1].name == "Lee Ann Bo");
    CHECK(r.rows[2].normalised.empty());
    CHECK(r.rows[2].refusal.rfind("id: ", 0) == 0);
    CHECK(on_one_line("a\v\fb\xC2\x85" "c\xE2\x80\xA9") == "a  b c ");
    CHECK(on_one_line("\xE2\x80\x8D") == "\xE2\x80\x8D");   // a zero-width joiner stays
}

TEST_CASE("histogram bins: tens of percent, 100 % alone") {
    CHECK(histogram_bin(19, 19) == 10);
    CHECK(histogram_bin(18.99, 19) == 9);
    CHECK(histogram_bin(0, 19) == 0);
    CHECK(histogram_bin(9.5, 19) == 5);
    CHECK(histogram_bin(1.9, 19) == 1);
    CHECK(histogram_bin(0, 0) == 10);
}

TEST_CASE("class columns: one per key, the variant's numbers dropped from the names") {
    const auto columns = class_columns(0, {});
    REQUIRE(columns.size() == build_answer_key(solve(chapter_variant())).items.size());
    CHECK(columns[11].name == "hw3.a.params_d");
    CHECK(columns[13].name == "hw3.c.muls_n_1");
    CHECK(columns[14].name == "hw3.c.muls_n_2");
    CHECK(columns[2].mistakes.size() == 2);
    CHECK(class_columns(2, {}).size() == 3);
}

TEST_CASE("class.svg names every known mistake in Chinese under zh-TW, in English under en") {
    // Every hint of every key (the chapter's three problems and the book's five): an entry in
    // mistake_words.cpp, so a hint added or reworded in the key cannot leave English under a
    // Chinese bar.
    std::size_t hints = 0;
    for (const int problem : {0, kBookAll}) {
        for (const ClassColumn& column : class_columns(problem, {})) {
            for (const std::string& hint : column.mistakes) {
                ++hints;
                CAPTURE(hint);
                const auto chinese = chinese_mistake_name(hint);
                REQUIRE(chinese.has_value());
                CHECK(*chinese != hint);
                CHECK(mistake_name(hint, attn::render::Lang::zh_TW) == *chinese);
                CHECK(mistake_name(hint, attn::render::Lang::en) == hint);
            }
        }
    }
    CHECK(hints > 60);
    CHECK(mistake_name("a hint the table lacks", attn::render::Lang::zh_TW) == "a hint the table lacks");

    // The picture's chart: its mistakes' names in the chart's language.
    ClassTally tally(class_columns(0, {}));
    tally.tally[11].mistakes[0] = 2;   // hw3.a.params_d: forgot the mixing matrix
    ClassReportContext context;
    context.lang = attn::render::Lang::zh_TW;
    const auto zh = class_chart(tally, context);
    CHECK(zh.keys[11].wrong[0].first == "漏了混合矩陣 Omega_c（D x D，作用在全部 N 個位置）");
    context.lang = attn::render::Lang::en;
    CHECK(class_chart(tally, context).keys[11].wrong[0].first ==
          "forgot the mixing matrix Omega_c (D x D, applied to all N positions)");
}

TEST_CASE("for_each_in_order: every result taken once, in order, whatever the threads") {
    for (unsigned jobs : {1u, 2u, 7u}) {
        std::vector<std::size_t> taken;
        for_each_in_order<std::size_t>(
            500, jobs, 3, [](std::size_t i) { return i * i; },
            [&](std::size_t i, std::size_t r) {
                CHECK(r == i * i);
                taken.push_back(i);
            });
        REQUIRE(taken.size() == 500);
        for (std::size_t i = 0; i < taken.size(); ++i) CHECK(taken[i] == i);
    }
    std::atomic<int> ran{0};
    CHECK_THROWS_AS(for_each_in_order<int>(
                        1000, 3, 8,
                        [&](std::size_t i) {
                            ++ran;
                            if (i == 17) throw std::runtime_error("no");
                            return 0;
                        },
                        [](std::size_t, int) {}),
                    std::runtime_error);
    CHECK(ran < 1000);   // the run stops at the failure
}

TEST_CASE("course file: [tolerance] and [partial_credit] as the grader applies them") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    // The chapter's hw1.a.weights are 0.4458, 0.1084, 0.4458; hw3.c.ratio is exact to 2 dp.
    const auto sheet_with = [&](const std::string& weights, const std::string& ratio) {
        std::string text = key_sheet(s, key, 0, attn::render::Lang::en);
        // The line starting with `start` becomes `line`.
        const auto swap = [&](const std::string& start, const std::string& line) {
            const std::size_t at = text.find("\n" + start);
            REQUIRE(at != std::string::npos);
            const std::size_t end = text.find('\n', at + 1);
            text.replace(at + 1, end - at - 1, line);
        };
        swap("weights = [0.4458", "weights = " + weights);
        swap("ratio = ", "ratio = " + ratio);
        return parse_sheet(text, "s.toml");
    };
    const auto row = [](const GradeReport& r, const std::string& k) {
        for (const auto& item : r.items) {
            if (item.key == k) return item;
        }
        FAIL("no row " << k);
        return GradedItem{};
    };
    const Sheet off = sheet_with("[0.4458, 0.1084, 0.4470]", std::to_string(s.p3.ratio + 0.04));

    GradeOptions plain;
    const GradeReport today = grade(key, off, plain);
    CHECK(row(today, "hw1.a.weights").verdict == Verdict::wrong);
    CHECK(row(today, "hw1.a.weights").points == 0);
    CHECK(row(today, "hw3.c.ratio").verdict == Verdict::wrong);

    const CoursePolicy course = parse_course(
        "[tolerance]\n\"hw3.c.ratio\" = { atol = 0.05 }\nhw1 = { digits = 2 }\n[partial_credit]\nhw1.a.weights = true\n",
        "course.toml");
    GradeOptions teacher;
    teacher.tolerance = course.tolerance;
    teacher.partial_credit = course.partial_credit;
    const GradeReport kind = grade(key, off, teacher);
    CHECK(row(kind, "hw3.c.ratio").verdict == Verdict::right);
    CHECK(row(kind, "hw3.c.ratio").precision == "2 dp, atol 0.05");
    CHECK(row(kind, "hw1.a.weights").verdict == Verdict::right);   // 2 places: 0.4470 is within 0.01
    CHECK(row(kind, "hw1.a.weights").precision == "2 dp");

    // Partial credit at the asked 4 places: two of the three elements right.
    const CoursePolicy partial = parse_course("[partial_credit]\nhw1.a.weights = true\n", "course.toml");
    GradeOptions p;
    p.partial_credit = partial.partial_credit;
    const GradeReport shares = grade(key, off, p);
    CHECK(row(shares, "hw1.a.weights").verdict == Verdict::wrong);
    CHECK(row(shares, "hw1.a.weights").points == doctest::Approx(0.6667).epsilon(1e-12));
    CHECK(row(shares, "hw1.b.weights").points == 1);
    CHECK(shares.score == doctest::Approx(today.score + 0.6667));

    // Refusals name the setting.
    const auto refused = [](const std::string& text) {
        try {
            parse_course(text, "c.toml");
        } catch (const attn::UsageError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(refused("[tolerance]\nhw1 = { digits = 0 }\n").find("digits: expected a whole number from 1 to 15") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = { digits = 2, rtol = 0.1 }\n").find("give it alone") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = { rtol = 2 }\n").find("rtol: expected a number from 0 to 1") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = { atol = -1 }\n").find("atol: expected a number") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = { rtol = 0 }\n").find("both 0") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = 3\n").find("expected a table") != std::string::npos);
    CHECK(refused("[tolerance]\nfoo = { rtol = 0.1 }\n").find("expected \"*\" or a key") != std::string::npos);
    CHECK(refused("[partial_credit]\nhw1 = 1\n").find("expected true or false") != std::string::npos);
    CHECK(refused("[tolerance]\nhw1 = { rtol = 0.1 }\n[partial_credit]\n\"*\" = true\n").empty());
}
