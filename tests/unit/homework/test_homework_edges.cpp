// Issue 29, point 10: the class outputs read column by column, and every threshold of the grader
// tried on both sides. Each file's columns are read back from the writers (gradebook.csv,
// canvas.csv, moodle.csv with its feedback, class.md's tables, class.svg's counts); the score
// histogram's edges (a 47 % score in 40–49 %, 49.99 / 50 / 50.01, and every score of 19 or 1.9
// points against an integer oracle); the course secret's length (15, 16, 17 bytes, from a file, a
// file with a newline and from the environment); one unit of the last place and the course
// file's atol / rtol exactly at the bound and one step past it; the `digits` warning at the
// sheet's own precision and one above. Cheap: ctest runs these alone as unit_homework_edges.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "errors.hpp"
#include "homework/class/class_report.hpp"
#include "homework/class/gradebook.hpp"
#include "homework/grade/grade.hpp"
#include "homework/grade/grade_student.hpp"
#include "homework/grade/points.hpp"
#include "homework/homework.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/precision.hpp"
#include "homework/problems/problems.hpp"
#include "homework/io/cells.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/grade/course.hpp"
#include "homework/problems/variant.hpp"

using namespace attn::homework;

namespace {

// RFC 4180 records of a CSV text (CRLF or LF line ends), written here only to read the writers'
// output back: quoted fields with "" for a quote, newlines inside quotes kept.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row(1);
    bool quoted = false, any = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        any = true;
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                row.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                row.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.emplace_back();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            continue;
        } else if (c == '\n') {
            rows.push_back(row);
            row.assign(1, "");
            any = false;
        } else {
            row.back() += c;
        }
    }
    if (any) rows.push_back(row);
    return rows;
}

using Row = std::vector<std::string>;

std::vector<ClassColumn> three_columns() {
    std::vector<ClassColumn> c(3);
    c[0].name = c[0].base = "hw1.a.scores";
    c[1].name = c[1].base = "hw1.a.weights";
    c[1].mistakes = {"forgot the scaling", "softmax along rows"};
    c[2].name = c[2].base = "hw3.d.threshold";
    c[2].max_points = 2;
    return c;
}

// A graded student from its items (the tests choose counts that differ, so that a swap shows).
StudentResult graded(std::string id, std::string name, std::vector<ItemOutcome> items) {
    StudentResult r;
    r.id = std::move(id);
    r.name = std::move(name);
    r.items = std::move(items);
    for (const ItemOutcome& i : r.items) {
        r.score += i.points;
        (i.verdict == Verdict::right ? r.right : i.verdict == Verdict::wrong ? r.wrong : r.missing)++;
    }
    r.max_score = 4;
    return r;
}

StudentResult not_graded(std::string id, SheetStatus status, std::string reason) {
    StudentResult r;
    r.id = std::move(id);
    r.status = status;
    r.reason = std::move(reason);
    r.max_score = 4;
    return r;
}

struct TempDir {
    std::string path;
    TempDir() {
        char name[] = "/tmp/attn-edges-XXXXXX";
        path = ::mkdtemp(name);
    }
    ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
    std::string file(const std::string& name, const std::string& text) const {
        const std::string p = path + "/" + name;
        std::ofstream(p, std::ios::binary) << text;
        return p;
    }
};

std::string refusal_of(const HomeworkOptions& o) {
    try {
        course_secret(o);
    } catch (const attn::UsageError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("edges: histogram bins on both sides of every edge, in the points' own decimals") {
    // 47 % in 40–49 %, and each edge at one hundredth of a point below, on and above.
    CHECK(histogram_bin(47, 100) == 4);
    CHECK(histogram_bin(49.99, 100) == 4);
    CHECK(histogram_bin(50, 100) == 5);
    CHECK(histogram_bin(50.01, 100) == 5);
    for (int edge = 10; edge <= 90; edge += 10) {
        CAPTURE(edge);
        CHECK(histogram_bin(edge - 0.01, 100) == static_cast<std::size_t>(edge / 10 - 1));
        CHECK(histogram_bin(edge, 100) == static_cast<std::size_t>(edge / 10));
        CHECK(histogram_bin(edge + 0.01, 100) == static_cast<std::size_t>(edge / 10));
    }
    CHECK(histogram_bin(0, 100) == 0);
    CHECK(histogram_bin(0.01, 100) == 0);
    CHECK(histogram_bin(99.99, 100) == 9);
    CHECK(histogram_bin(100, 100) == 10);
    // --points '*=0.1' (a maximum of 1.9): 0.57 is 30 % and 1.14 is 60 %, though
    // 100 * 0.57 / 1.9 is 29.999999999999996 in floating point.
    CHECK(histogram_bin(0.57, 1.9) == 3);
    CHECK(histogram_bin(1.14, 1.9) == 6);
    // Every score of 4-decimal points against an integer oracle: floor(10 * units / max units).
    for (const long max_units : {19L * 10000, 19L * 1000, 7L * 10000, 100L * 10000}) {
        std::size_t wrong = 0;
        long first_wrong = -1;
        for (long units = 0; units <= max_units; ++units) {
            const std::size_t want = units == max_units ? 10 : static_cast<std::size_t>(std::min(10 * units / max_units, 9L));
            if (histogram_bin(static_cast<double>(units) / 1e4, static_cast<double>(max_units) / 1e4) != want) {
                if (wrong++ == 0) first_wrong = units;
            }
        }
        CAPTURE(max_units);
        CAPTURE(first_wrong);
        CHECK(wrong == 0);
    }
}

TEST_CASE("edges: gradebook.csv, canvas.csv and moodle.csv read back column by column") {
    const std::vector<ClassColumn> columns = three_columns();
    // Right, wrong and missing counts differ within each row, so that a swap of two shows.
    const StudentResult a = graded("s001", "Lee, \"Ann\"",
                                   {{Verdict::right, -1, 1}, {Verdict::wrong, 1, 0}, {Verdict::wrong, -1, 0.5}});
    StudentResult b = graded("s002", "", {{Verdict::right, -1, 1}, {Verdict::right, -1, 1}, {Verdict::missing, -1, 0}});
    const StudentResult c = not_graded("s003", SheetStatus::missing_file, "sub/003.toml: no such file");
    const StudentResult d = graded("=cmd", "@SUM(A1)", {{Verdict::missing, -1, 0}, {Verdict::missing, -1, 0},
                                                        {Verdict::wrong, 0, 0}});
    REQUIRE(a.right == 1);
    REQUIRE(a.wrong == 2);
    REQUIRE(a.missing == 0);

    const auto book = read_csv(gradebook_header(columns) + gradebook_row(a, 3) + gradebook_row(b, 3) +
                               gradebook_row(c, 3) + gradebook_row(d, 3));
    REQUIRE(book.size() == 5);
    CHECK(book[0] == Row{"id", "name", "score", "max_score", "status", "hw1.a.scores", "hw1.a.weights", "hw3.d.threshold"});
    CHECK(book[1] == Row{"s001", "Lee, \"Ann\"", "1.5", "4", "graded", "1", "0", "0.5"});
    CHECK(book[2] == Row{"s002", "", "2", "4", "graded", "1", "1", "0"});
    CHECK(book[3] == Row{"s003", "", "0", "4", "missing file", "", "", ""});
    CHECK(book[4] == Row{"'=cmd", "'@SUM(A1)", "0", "4", "graded", "0", "0", "0"});

    const auto canvas = read_csv(canvas_header("attn homework", 4) + canvas_row(a) + canvas_row(b) + canvas_row(c) +
                                 canvas_row(d));
    REQUIRE(canvas.size() == 6);
    CHECK(canvas[0] == Row{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "attn homework"});
    CHECK(canvas[1] == Row{"Points Possible", "", "", "", "", "4"});
    CHECK(canvas[2] == Row{"Lee, \"Ann\"", "", "s001", "s001", "", "1.5"});
    CHECK(canvas[3] == Row{"s002", "", "s002", "s002", "", "2"});   // no name: the ID
    CHECK(canvas[4] == Row{"s003", "", "s003", "s003", "", ""});    // not graded: no grade, not 0
    CHECK(canvas[5] == Row{"'@SUM(A1)", "", "'=cmd", "'=cmd", "", "0"});

    const auto moodle = read_csv(moodle_header("attn homework") + moodle_row(a) + moodle_row(b) + moodle_row(c) +
                                 moodle_row(d));
    REQUIRE(moodle.size() == 5);
    CHECK(moodle[0] == Row{"ID number", "Full name", "attn homework", "Feedback"});
    CHECK(moodle[1] == Row{"s001", "Lee, \"Ann\"", "1.5", "attn homework: 1.5/4 (1 right, 2 wrong, 0 missing)"});
    CHECK(moodle[2] == Row{"s002", "", "2", "attn homework: 2/4 (2 right, 0 wrong, 1 missing)"});
    CHECK(moodle[3] == Row{"s003", "", "", "not graded: missing file"});
    CHECK(moodle[4] == Row{"'=cmd", "'@SUM(A1)", "0", "attn homework: 0/4 (0 right, 1 wrong, 2 missing)"});
    // Not graded: an empty cell in the LMS files whatever the result holds.
    b.status = SheetStatus::unreadable_sheet;
    CHECK(read_csv(moodle_row(b))[0][2].empty());
    CHECK(read_csv(canvas_row(b))[0][5].empty());
}

TEST_CASE("edges: class.md and class.svg's counts: every table and bar, the histogram's every row") {
    ClassTally t(three_columns());
    // scores of 4: 1.5 (37.5 %), 2 (50 %), 1.9 (47.5 %), 4 (100 %), and one not graded
    t.add(graded("s001", "A", {{Verdict::right, -1, 1}, {Verdict::wrong, 1, 0}, {Verdict::wrong, -1, 0.5}}));
    t.add(graded("s002", "B", {{Verdict::right, -1, 1}, {Verdict::right, -1, 1}, {Verdict::missing, -1, 0}}));
    t.add(graded("s003", "C", {{Verdict::right, -1, 1}, {Verdict::wrong, 0, 0}, {Verdict::wrong, -1, 0.9}}));
    t.add(graded("s004", "D", {{Verdict::right, -1, 1}, {Verdict::right, -1, 1}, {Verdict::right, -1, 2}}));
    t.add(not_graded("s005", SheetStatus::unreadable_sheet, "s.toml:1:1: bad"));
    CHECK(t.students == 5);
    CHECK(t.graded == 4);
    CHECK(t.all_right == 1);
    CHECK(t.ungraded_count == 1);

    ClassReportContext ctx;
    ctx.roster = "r.csv";
    ctx.origin = "keyed by the course secret";
    ctx.max_score = 4;
    ctx.lang = attn::render::Lang::en;
    const std::string md = class_markdown(t, ctx);
    const auto has = [&md](const std::string& line) {
        CAPTURE(line);
        CHECK(md.find("\n" + line + "\n") != std::string::npos);
    };
    const auto cell = [](const std::string& text) { return markdown_cell(text); };
    has("Roster " + cell("r.csv") + ": 5 students, 4 graded, 1 not graded; 1 with every answer right. Numbers: keyed by the course "
        "secret.");
    has("Mean score of the graded students: 2.35 of 4.");   // (1.5 + 2 + 1.9 + 4) / 4
    // Every bin, 100 % first: 1.5 and 1.9 of 4 (37.5 %, 47.5 %) in 30–39 % and 40–49 %, 2 of 4 in 50–59 %.
    has("| 100 % (all right) | 1 |\n| 90–99 % | 0 |\n| 80–89 % | 0 |\n| 70–79 % | 0 |\n| 60–69 % | 0 |\n"
        "| 50–59 % | 1 |\n| 40–49 % | 1 |\n| 30–39 % | 1 |\n| 20–29 % | 0 |\n| 10–19 % | 0 |\n| 0–9 % | 0 |");
    has("| `hw1.a.scores` | 4 | 0 | 0 |\n| `hw1.a.weights` | 2 | 2 | 0 |\n| `hw3.d.threshold` | 1 | 2 | 1 |");
    has("### `hw1.a.weights`: 2 wrong\n\n| known mistake (the hint the students saw) | students |\n|---|---:|\n"
        "| " + cell("forgot the scaling") + " | 1 |\n| " + cell("softmax along rows") + " | 1 |\n"
        "| (matches no known mistake) | 0 |");
    has("### `hw3.d.threshold`: 2 wrong\n\n| known mistake (the hint the students saw) | students |\n|---|---:|\n"
        "| (matches no known mistake) | 2 |");
    CHECK(md.find("`hw1.a.scores`: ") == std::string::npos);   // no table for a key nobody got wrong
    has("| 0 | " + cell("s005") + " | " + cell("") + " | " + cell("unreadable sheet") + " | " + cell("s.toml:1:1: bad") +
        " |");

    const attn::render::svg::ClassChart chart = class_chart(t, ctx);
    REQUIRE(chart.keys.size() == 3);
    CHECK(chart.keys[1].key == "hw1.a.weights");
    CHECK(chart.keys[1].right == 2);
    CHECK(chart.keys[1].missing == 0);
    REQUIRE(chart.keys[1].wrong.size() == 3);
    CHECK(chart.keys[1].wrong[0] == std::pair<std::string, std::size_t>{"forgot the scaling", 1});
    CHECK(chart.keys[1].wrong[1] == std::pair<std::string, std::size_t>{"softmax along rows", 1});
    CHECK(chart.keys[1].wrong[2] == std::pair<std::string, std::size_t>{"(matches no known mistake)", 0});
    CHECK(chart.keys[2].right == 1);
    CHECK(chart.keys[2].missing == 1);
    CHECK(chart.keys[2].wrong.back().second == 2);
    REQUIRE(chart.histogram.size() == kHistogramBins);
    const std::size_t want[kHistogramBins] = {0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1};
    for (std::size_t b = 0; b < kHistogramBins; ++b) {
        CAPTURE(b);
        CHECK(chart.histogram[b].second == want[b]);
    }
    CHECK(chart.histogram[4].first == "40–49 %");
}

TEST_CASE("edges: the course secret's length, 15 / 16 / 17 bytes, from a file, a file with a newline, the environment") {
    CHECK_THROWS_AS(require_secret_length(std::string(15, 'k'), "--secret-file"), attn::UsageError);
    CHECK_NOTHROW(require_secret_length(std::string(16, 'k'), "--secret-file"));
    CHECK_NOTHROW(require_secret_length(std::string(17, 'k'), "--secret-file"));
    CHECK_NOTHROW(require_secret_length("", "--secret-file"));   // no secret: public numbers
    CHECK_THROWS_AS(make_variant("alice", std::string(15, 'k')), attn::UsageError);
    CHECK(make_variant("alice", std::string(16, 'k')).keyed);
    // Bytes, not characters: 5 three-byte characters are 15 bytes (refused), plus one more byte 16.
    CHECK_THROWS_AS(require_secret_length("密密密密密", "--secret-file"), attn::UsageError);
    CHECK_NOTHROW(require_secret_length("密密密密密k", "--secret-file"));

    TempDir dir;
    for (const std::size_t n : {15u, 16u, 17u}) {
        CAPTURE(n);
        const std::string key(n, 's');
        for (const std::string& end : {std::string(), std::string("\n"), std::string(" \r\n")}) {
            HomeworkOptions o;
            o.secret_file = dir.file("secret.txt", key + end);
            const std::string why = refusal_of(o);
            if (n < kMinSecretBytes) {
                CHECK(why.find("--secret-file") != std::string::npos);
                CHECK(why.find("shorter than 16 bytes") != std::string::npos);
            } else {
                CHECK(why.empty());
                CHECK(course_secret(o) == key);   // the line end is not part of the secret
            }
        }
        HomeworkOptions env;
        env.secret_env = key + "\n";
        const std::string why = refusal_of(env);
        CHECK((n < kMinSecretBytes) == (why.find("ATTN_COURSE_SECRET") != std::string::npos));
        CHECK((n < kMinSecretBytes) == !why.empty());
    }
    CHECK(kMinSecretBytes == 16);
}

TEST_CASE("edges: one unit of the last place, atol and rtol, exactly at the bound and one step past it") {
    const Precision dp4 = Precision::places(4);
    // 0.4458 asked to 4 places: 0.4457 and 0.4459 are one unit off (right), 0.44591 is past it.
    CHECK(within_one_unit(0.4459, 0.4458, dp4));
    CHECK(within_one_unit(0.4457, 0.4458, dp4));
    CHECK_FALSE(within_one_unit(0.44591, 0.4458, dp4));
    CHECK_FALSE(within_one_unit(0.44569, 0.4458, dp4));
    CHECK(within_one_unit(0.4458, 0.4458, dp4));
    // 3 significant figures of 9216: a unit of 10.
    const Precision sf3 = Precision::significant(3);
    CHECK(within_one_unit(9226, 9216, sf3));
    CHECK_FALSE(within_one_unit(9226.5, 9216, sf3));
    // The teacher's tolerance in binary-exact numbers: |given - exact| <= atol + rtol * |exact|.
    // (Each difference below is exact in binary: given and exact are within a factor 2.)
    Precision atol = dp4;
    atol.atol = 0.125;
    CHECK(within_one_unit(0.5, 0.375, atol));
    CHECK(within_one_unit(0.25, 0.375, atol));
    CHECK_FALSE(within_one_unit(std::nextafter(0.5, 1.0), 0.375, atol));
    CHECK_FALSE(within_one_unit(std::nextafter(0.25, 0.0), 0.375, atol));
    Precision rtol = Precision::exactly();
    rtol.rtol = 0.125;
    CHECK(within_one_unit(2.25, 2, rtol));
    CHECK(within_one_unit(-2.25, -2, rtol));
    CHECK_FALSE(within_one_unit(std::nextafter(2.25, 3.0), 2, rtol));
    Precision both = Precision::exactly();
    both.rtol = 0.125;
    both.atol = 0.25;
    CHECK(within_one_unit(2.5, 2, both));
    CHECK_FALSE(within_one_unit(std::nextafter(2.5, 3.0), 2, both));
}

TEST_CASE("edges: [tolerance] digits warned about one above the sheet's precision, not at it") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    const Sheet sheet = parse_sheet(key_sheet(s, key, 0, attn::render::Lang::en), "s.toml");
    const auto warnings_for = [&](int digits) {
        GradeOptions o;
        o.tolerance = parse_course("[tolerance]\n\"hw1.a.weights\" = { digits = " + std::to_string(digits) + " }\n",
                                   "c.toml").tolerance;
        std::size_t n = 0;
        for (const std::string& w : grade(key, sheet, o).warnings) n += w.find("hw1.a.weights is graded to") != std::string::npos;
        return n;
    };
    CHECK(warnings_for(3) == 0);
    CHECK(warnings_for(4) == 0);   // hw1.a.weights is asked to 4 decimal places
    CHECK(warnings_for(5) == 1);
}

TEST_CASE("edges: --template --course shows the course's [tolerance] on the keys it covers, and only there") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    const CoursePolicy course = parse_course("[tolerance]\nhw1 = { digits = 2 }\n\"hw3.c.ratio\" = { atol = 0.05 }\n"
                                             "\"hw2.a.kept_sum\" = { rtol = 0.01, atol = 0.001 }\n",
                                             "c.toml");
    const std::string plain = template_sheet(s, key, 0, attn::render::Lang::en);
    const std::string ruled = course_template_sheet(s, key, 0, attn::render::Lang::en, course.tolerance);
    CHECK(plain.find("this course") == std::string::npos);
    CHECK(ruled.find("# This course (its course file) grades some keys by its own [tolerance]") != std::string::npos);
    const auto line_in = [](const std::string& text, const std::string& start) {
        const std::size_t at = text.find("\n" + start);
        REQUIRE(at != std::string::npos);
        return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
    };
    const auto line_of = [&](const std::string& start) { return line_in(ruled, start); };
    CHECK(line_of("# weights = ").find("3 numbers, 2 decimal places each: ") != std::string::npos);
    CHECK(line_of("# weights = ").find("(this course's precision)") != std::string::npos);
    CHECK(line_of("# slope_c = ").find("a number, 2 significant figures: ") != std::string::npos);
    CHECK(line_of("# scores = ").find("this course") == std::string::npos);   // exact integers: digits do not apply
    CHECK(line_of("# ratio = ").find("(this course accepts any answer within 0.05 of the exact value)") != std::string::npos);
    CHECK(line_of("# kept_sum = ").find("within 0.001 + 0.01 x |exact| of the exact value") != std::string::npos);
    CHECK(line_of("# params = ").find("this course") == std::string::npos);   // expressions are not toleranced
    CHECK(line_of("# same_as_mask = ").find("this course") == std::string::npos);
    // The lines the course does not cover read as without it.
    CHECK(line_of("# muls_each = ") == line_in(plain, "# muls_each = "));
    CHECK(line_of("# scores = ") == line_in(plain, "# scores = "));
}
