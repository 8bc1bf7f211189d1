// Reports valid for any input (issue 17, point 4): 10 000 random Unicode answers (every plane,
// with the characters that broke reports before: U+FFFE/U+FFFF, C0/C1 controls, bidi and
// zero-width characters, e-mail addresses, URLs, Markdown, XML and backticks) go through the
// writers in one report, as given answers, hints, notes and warnings. Then: the JUnit file is
// well-formed XML 1.0 and valid against a published JUnit schema (Debian's xmllint --schema with
// the Jenkins xUnit plugin's junit-10.xsd, MIT, kept in tests/data/junit/), as is a not-graded
// report whose reason is random text; the Gradescope file parses as JSON with Gradescope's
// documented fields (score, output, tests[] with name, score, max_score, status, output), and
// the step summary rendered by Debian's cmark-gfm (GitHub's engine, with its table and autolink
// extensions) holds no link, image or HTML element but the table's and code spans'.
// Fails, naming the tool, when xmllint, cmark-gfm or python3 is not installed (tools/install-deps.sh).
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

#include "homework/grade/grade.hpp"
#include "homework/reports/gradescope.hpp"
#include "homework/reports/junit.hpp"
#include "homework/reports/markdown.hpp"
#include "homework/reports/text.hpp"
#include "homework/problems/variant.hpp"
#include "text/utf8.hpp"

using namespace attn::homework;

namespace {

std::string random_answer(std::mt19937_64& rng) {
    static const char* const pieces[] = {"x@y.org", "mailto:a@b.c", "www.evil.example", "https://evil.example/a",
                                         "[l](http://e)", "![i](u)", "<img src=x>", "<b>", "]]>", "&amp;", "`", "```",
                                         "|", "\\", "**", "_", "\n", "\r", "\t", "<!--", "-->", "&#64;", "\"", "'"};
    static const unsigned int specials[] = {0x0, 0x1, 0x1B, 0x7F, 0x85, 0x9B, 0xAD, 0x61C, 0x200B, 0x200E, 0x202E,
                                            0x2066, 0x2069, 0x2060, 0xFEFF, 0xFFFE, 0xFFFF, 0xFFFD, 0x1F600, 0x10FFFF};
    std::string out;
    const int parts = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < parts; ++i) {
        switch (rng() % 4) {
            case 0: out += pieces[rng() % (sizeof pieces / sizeof *pieces)]; break;
            case 1: out += attn::text::encode(specials[rng() % (sizeof specials / sizeof *specials)]); break;
            case 2: {
                unsigned int cp = static_cast<unsigned int>(rng() % 0x110000);
                if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0x41;
                out += attn::text::encode(cp);
                break;
            }
            default: out += static_cast<char>(0x20 + rng() % 0x5F);
        }
    }
    if (rng() % 16 == 0) out += "\xFF\xC0";   // invalid UTF-8 too
    return out;
}

bool have(const char* tool) {
    return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("reports are valid for any answer: JUnit XML, Gradescope JSON, the step summary in cmark-gfm") {
    // The checkers are part of the suite (tools/install-deps.sh installs them): without one,
    // this case would check nothing, so it fails instead of passing silently.
    for (const char* tool : {"xmllint", "cmark-gfm", "python3"}) {
        REQUIRE_MESSAGE(have(tool), tool << " is not installed (tools/install-deps.sh installs it)");
    }
    std::mt19937_64 rng(17);
    GradeReport r;
    r.sheet = "sheet " + random_answer(rng);
    r.variant = "v";
    r.variant_origin = "self-study numbers, no course secret";
    const int n = std::getenv("ATTN_SANITIZED") ? 2000 : 10000;
    std::set<std::string> keys;
    for (int i = 0; i < n; ++i) {
        GradedItem row;
        row.key = fmt::format("hw1.a.k{}", i);
        row.verdict = i % 3 == 0 ? Verdict::right : i % 3 == 1 ? Verdict::wrong : Verdict::missing;
        row.given = random_answer(rng);
        row.precision = "4 dp";
        if (row.verdict != Verdict::right) row.hint = random_answer(rng);
        else if (i % 2 == 0) row.note = random_answer(rng);
        if (i % 5 == 0) row.expected = random_answer(rng);
        row.max_points = 1;
        row.points = row.verdict == Verdict::right ? 1 : 0;
        r.score += row.points;
        r.max_score += 1;
        (row.verdict == Verdict::right ? r.right : row.verdict == Verdict::wrong ? r.wrong : r.missing)++;
        r.items.push_back(row);
        if (i % 100 == 0) r.warnings.push_back(random_answer(rng));
    }
    char dir[] = "/tmp/attn-reports-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string d = dir;
    std::ofstream(d + "/report.xml", std::ios::binary) << junit_xml(r);
    // A report of a sheet that was not graded, its reason random text (a toml++ message, a path).
    Variant unknown;
    unknown.id = random_answer(rng);
    std::ofstream(d + "/not-graded.xml", std::ios::binary)
        << junit_xml(unreadable_sheet(random_answer(rng), unknown, random_answer(rng) + "\n" + random_answer(rng), 2,
                                      GradeReport::NotGraded::refused));
    std::ofstream(d + "/results.json", std::ios::binary) << gradescope_json(r, {"visible", "hidden"});
    std::ofstream(d + "/summary.md", std::ios::binary) << summary_markdown(r);
    const std::string table = grade_table_text(r);

    // One xmllint run for both files (each start of xmllint costs more than validating 10 000 testcases).
    CHECK(std::system(fmt::format("xmllint --noout --schema {}/tests/data/junit/junit-10.xsd {}/report.xml "
                                  "{}/not-graded.xml 2>{}/xmllint.txt",
                                  ATTN_SOURCE_DIR, d, d, d)
                          .c_str()) == 0);
    const std::string xmllint = read_text(d + "/xmllint.txt");   // "FILE validates" per file, nothing else
    CHECK_MESSAGE(xmllint == d + "/report.xml validates\n" + d + "/not-graded.xml validates\n", xmllint.substr(0, 400));
    const std::string check_json = fmt::format(
        "python3 -c \"import json,sys; g=json.load(open(sys.argv[1], encoding='utf-8')); "
        "assert isinstance(g['score'], (int, float)) and isinstance(g['output'], str); "
        "assert g['stdout_visibility'] == 'hidden' and len(g['tests']) == {}; "
        "assert all(set(t) == {{'name','score','max_score','status','visibility','output'}} and t['status'] in ('passed','failed') "
        "and t['visibility'] == 'visible' for t in g['tests'])\" {}/results.json",
        n, d);
    CHECK(std::system(check_json.c_str()) == 0);
    CHECK(std::system(fmt::format("cmark-gfm -e table -e autolink {}/summary.md > {}/summary.html", d, d).c_str()) == 0);
    const std::string html = read_text(d + "/summary.html");
    CHECK(html.find("<a ") == std::string::npos);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("raw HTML omitted") == std::string::npos);
    // Every element in the rendering is one the summary itself writes.
    const std::set<std::string> allowed = {"h3", "p", "strong", "table", "thead", "tbody", "tr", "th", "td",
                                           "code", "ul", "li", "pre"};
    const std::regex tag("<\\/?([a-zA-Z][a-zA-Z0-9]*)");
    std::set<std::string> seen;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
        seen.insert((*it)[1].str());
    }
    for (const std::string& t : seen) CHECK_MESSAGE(allowed.count(t) == 1, "element <" << t << "> in the summary");
    // Every table row survives as one row: no answer split a cell or a line.
    std::size_t rows = 0;
    for (std::size_t at = html.find("<tr>"); at != std::string::npos; at = html.find("<tr>", at + 1)) ++rows;
    CHECK(rows == static_cast<std::size_t>(n) + 1);
    // No hidden character reaches any report or the table on stdout.
    for (const std::string& text : {read_text(d + "/report.xml"), read_text(d + "/results.json"), read_text(d + "/summary.md"), table}) {
        for (const char* bad : {"\xEF\xBF\xBE", "\xEF\xBF\xBF", "\xC2\x85", "\xC2\x9B", "\xE2\x80\xAE", "\xE2\x80\x8B",
                                "\xE2\x81\xA6", "\xEF\xBB\xBF", "\x1B"}) {
            CHECK(text.find(bad) == std::string::npos);
        }
    }
    std::system(fmt::format("rm -rf {}", d).c_str());
}
