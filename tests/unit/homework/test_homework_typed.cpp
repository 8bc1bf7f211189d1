// Issue 43, points 3 and 4: a typo in a table header costs that table's answers at most, and the
// characters and encodings honest students type are read (or refused with their own one-line hint).
// Each case is typed into the chapter's own sheet (tests/data/homework/book-answers.toml), which
// grades 19/19 as written.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "errors.hpp"
#include "homework/grade/grade.hpp"
#include "homework/grade/expression.hpp"
#include "homework/grade/spellings.hpp"
#include "homework/io/encoding.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/lenient.hpp"
#include "homework/sheet/sheet.hpp"

#include "test_homework_support.hpp"

using namespace attn::homework;
using namespace attn::homework::testing;

namespace {

std::string book_sheet() {
    std::ifstream in(ATTN_SOURCE_DIR "/tests/data/homework/book-answers.toml", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The book's sheet without its few non-ASCII characters (all in comments): text that reads the
// same in UTF-8, Big5 and, byte for byte widened, UTF-16.
std::string ascii_book_sheet() {
    std::string out;
    for (const char c : book_sheet()) {
        if (static_cast<unsigned char>(c) < 0x80) out += c;
    }
    return out;
}

const AnswerKey& key() {
    static const AnswerKey k = build_answer_key(solve(chapter_variant()));
    return k;
}

// The book's sheet with `from` (once) replaced by `to`.
std::string typed(const std::string& from, const std::string& to) {
    std::string s = book_sheet();
    const std::size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
}

std::set<std::string> not_right(const GradeReport& r) {
    std::set<std::string> out;
    for (const GradedItem& row : r.items) {
        if (row.verdict != Verdict::right) out.insert(row.key);
    }
    return out;
}

bool warned(const GradeReport& r, const std::string& what) {
    for (const std::string& w : r.warnings) {
        if (w.find(what) != std::string::npos) return true;
    }
    return false;
}

GradeReport graded(const std::string& text) { return grade(key(), parse_sheet(text, "s.toml")); }

}  // namespace

TEST_CASE("the book's sheet as written: 19 right, no warning (the baseline of every case below)") {
    const GradeReport r = graded(book_sheet());
    CHECK(not_right(r).empty());
    CHECK(r.warnings.empty());
}

TEST_CASE("a header typo costs at most its own table's keys, never a neighbour's (issue 43, point 3)") {
    // The keys of each table of problem 1 in the book's sheet.
    const std::set<std::string> b = {"hw1.b.weights"};
    const std::set<std::string> c = {"hw1.c.weights", "hw1.c.slope_a", "hw1.c.slope_c"};
    struct Case {
        const char* header;             // as typed, in place of the table's own
        const char* table;              // "[hw1.b]" or "[hw1.c]"
        bool mended;                    // read as the header it meant, with a note
    };
    const Case cases[] = {
        {"[hw1.c]]", "[hw1.c]", true},
        {"[hw1.b", "[hw1.b]", true},
        {"[hw1.c", "[hw1.c]", true},
        {"[[hw1.c]", "[hw1.c]", true},
        {"\xEF\xBC\xBBhw1.c\xEF\xBC\xBD", "[hw1.c]", true},   // ［hw1.c］ full-width
        {"\xE3\x80\x90hw1.c\xE3\x80\x91", "[hw1.c]", true},   // 【hw1.c】 a pinyin input method's [ ]
        {"\xE3\x80\x8Chw1.b\xE3\x80\x8D", "[hw1.b]", true},   // 「hw1.b」 a zhuyin input method's [ ]
        {"[hw1 .c]", "[hw1.c]", true},                        // valid TOML: blanks around a dot
        {"[hw1. c]]", "[hw1.c]", true},
        {"[hw1 c]", "[hw1.c]", false},                        // not guessed: its table set aside
        {"[hw1.b c]", "[hw1.b]", false},
        {"\xE3\x80\x90hw1 c\xE3\x80\x91", "[hw1.c]", false},   // 【hw1 c】
    };
    for (const Case& k : cases) {
        CAPTURE(k.header);
        const GradeReport r = graded(typed(k.table, k.header));
        const std::set<std::string>& own = std::string(k.table) == "[hw1.b]" ? b : c;
        for (const std::string& key : not_right(r)) {
            CAPTURE(key);
            CHECK(own.count(key) == 1);   // only that table's own keys, never hw1.a's or the next table's
        }
        for (const std::string& key : own) {
            CAPTURE(key);
            if (k.mended) CHECK(row_of(r, key).verdict == Verdict::right);
            else CHECK(row_of(r, key).verdict == Verdict::missing);   // set aside, not re-filed elsewhere
        }
        // Never "written twice", never an unknown key under the table before it.
        for (const std::string& w : r.warnings) {
            CAPTURE(w);
            CHECK(w.find("unknown key") == std::string::npos);
        }
        if (!k.mended) CHECK(warned(r, "its table, are set aside and not graded"));
    }
    // The note names the line and both spellings.
    const GradeReport r = graded(typed("[hw1.c]", "[hw1.c]]"));
    CHECK(warned(r, "s.toml: line 13: table header [hw1.c]] read as [hw1.c]"));
    // A set-aside table names its header's line once.
    const GradeReport aside = graded(typed("[hw1.c]", "[hw1 c]"));
    CHECK(warned(aside, "s.toml:13:6: this line could not be read"));
}

TEST_CASE("repaired_header: only what TOML refuses, only bare keys, the comment kept") {
    CHECK(repaired_header("[hw1.c]]  # q") == std::optional<std::string>("[hw1.c]  # q"));
    CHECK(repaired_header("  [hw1.b") == std::optional<std::string>("  [hw1.b]"));
    CHECK(repaired_header("[ hw1 . c ]]") == std::optional<std::string>("[hw1.c]"));
    CHECK(!repaired_header("[hw1.c]"));          // well formed: TOML's own
    CHECK(!repaired_header("[[hw1.c]]"));        // an array of tables: TOML's own
    CHECK(!repaired_header("[hw1 c]]"));         // a blank inside a segment: not guessed
    CHECK(!repaired_header("[\"a b\"]]"));       // a quoted key: not guessed
    CHECK(!repaired_header("[hw1.c]] x = 1"));   // more than a header on the line
    CHECK(!repaired_header("weights = [0.1]]"));
    CHECK(!repaired_header("[]]"));
    // A repaired header leaves no bracket open for the lines after it.
    std::vector<std::string> notes;
    CHECK(header_forms("[a\nx = [1,\n 2]\n[b]]\n", notes) == "[a]\nx = [1,\n 2]\n[b]\n");
    CHECK(notes.size() == 2);
}

TEST_CASE("minus signs and dashes as a PDF, Word or an input method types them (issue 43, point 4)") {
    // U+2212 − and the dashes U+2012..U+2015, U+FE63 and U+FF0D, before a number: '-'.
    for (const char* dash : {"\xE2\x88\x92", "\xE2\x80\x92", "\xE2\x80\x93", "\xE2\x80\x94", "\xE2\x80\x95",
                             "\xEF\xB9\xA3", "\xEF\xBC\x8D"}) {
        CAPTURE(dash);
        const GradeReport r = graded(typed("scores  = [2, 0, 2]", std::string("scores  = [2, ") + dash + "0, 2]"));
        CHECK(not_right(r).empty());
        CHECK(warned(r, "s.toml: line 6:"));
        std::vector<std::string> notes;
        CHECK(ascii_forms(std::string("x = ") + dash + "0.5\n", notes) == "x = -0.5\n");
        // And in an expression answer (U+2212 is the expression reader's own).
        const Spelling read = expression_spelling(fair_spelling(std::string("4D^2N ") + dash + " 2N", ""));
        CHECK(read.ok);
        CHECK(read.text == expression_spelling("4D^2N - 2N").text);
    }
}

TEST_CASE("scientific notation as written by hand: ×10^, x10^, ·10^, *10^, superscripts (issue 43, point 4)") {
    const std::string typed_forms[] = {
        "2.27\xC3\x97" "10^-5",                 // 2.27×10^-5
        "2.27x10^-5",     "2.27X10^-5",  "2.27*10^-5", "2.27*10**-5",
        "2.27\xC2\xB7" "10^-5",                 // 2.27·10^-5
        "2.27\xE2\x8B\x85" "10^-5",             // 2.27⋅10^-5
        "2.27 \xC3\x97 10^(-5)", "2.27\xC3\x97" "10^{-5}",
        "2.27\xC3\x97" "10\xE2\x81\xBB\xE2\x81\xB5",                 // 2.27×10⁻⁵
        "2.27\xC3\x97" "10^\xE2\x88\x92" "5",                        // 2.27×10^−5 (U+2212)
        "22.7\xC3\x97" "10\xE2\x81\xBB\xE2\x81\xB6",                 // 22.7×10⁻⁶
    };
    for (const std::string& form : typed_forms) {
        CAPTURE(form);
        const GradeReport r = graded(typed("slope_c = 0.0000227", "slope_c = " + form + "  # (c)"));
        CHECK(not_right(r).empty());
        CHECK(warned(r, "line 16: read as scientific notation"));
        // In an array too, with the columns of what follows kept.
        const GradeReport a = graded(typed("weights = [0.5000, 0.0000227, 0.5000]", "weights = [0.5000, " + form + ", 0.5000]"));
        CHECK(not_right(a).empty());
    }
    std::vector<std::string> notes;
    CHECK(exponent_forms("x = 3.06\xC3\x97" "10\xE2\x81\xBB\xE2\x81\xB7, 1\n", notes) == "x = 3.06e-7  , 1\n");
    CHECK(exponent_forms("x = [1, 2]\nk = 0x10\ny = \"3x10^2\"  # 3x10^2\n", notes) ==
          "x = [1, 2]\nk = 0x10\ny = \"3x10^2\"  # 3x10^2\n");   // hex, strings and comments untouched
    CHECK(exponent_forms("x = 3x10^2y\n", notes) == "x = 3x10^2y\n");   // not a whole value: TOML's to refuse
}

TEST_CASE("、 and ； between a list's numbers; 。 refused with its own hint (issue 43, point 4)") {
    for (const char* sep : {"\xE3\x80\x81", "\xEF\xBC\x9B", "\xE3\x80\x81 "}) {
        CAPTURE(sep);
        const std::string list = std::string("weights = [0.4683") + sep + "0.0634" + sep + "0.4683]";
        const GradeReport r = graded(typed("weights = [0.4683, 0.0634, 0.4683]", list));
        CHECK(not_right(r).empty());
        CHECK(warned(r, "line 11:"));
    }
    // Without brackets no list is written: that key alone is wrong, with how to write a list.
    const GradeReport bare = graded(typed("weights = [0.4683, 0.0634, 0.4683]", "weights = 0.4683\xE3\x80\x81" "0.0634\xE3\x80\x81" "0.4683"));
    CHECK(not_right(bare) == std::set<std::string>{"hw1.b.weights"});
    CHECK(row_of(bare, "hw1.b.weights").hint.find("a list is written in brackets") != std::string::npos);
    // 。 is the full stop in Taiwan, never a decimal point: refused, with a hint that says so.
    const GradeReport point = graded(typed("slope_a = 0.0967", "slope_a = 0\xE3\x80\x82" "0967"));
    CHECK(not_right(point) == std::set<std::string>{"hw1.c.slope_a"});
    CHECK(row_of(point, "hw1.c.slope_a").hint.find("is a full stop, not a decimal point") != std::string::npos);
    const GradeReport stop = graded(typed("slope_a = 0.0967", "slope_a = 0.0967\xE3\x80\x82"));
    CHECK(not_right(stop) == std::set<std::string>{"hw1.c.slope_a"});
    CHECK(row_of(stop, "hw1.c.slope_a").hint.find("has no place in a value") != std::string::npos);
}

TEST_CASE("a sheet in Big5 or UTF-16 is read after one warning line; other bytes refused saying how to save as UTF-8") {
    // "# 許功 答案" in Big5 (code page 950): 許 and 功 end in 0x5C, a backslash in ASCII.
    const std::string big5_comment = "# \xB3\x5C\xA5\x5C \xB5\xAA\xAE\xD7\n";
    const GradeReport big5 = graded(big5_comment + ascii_book_sheet());
    CHECK(not_right(big5).empty());
    REQUIRE(big5.warnings.size() == 1);
    CHECK(big5.warnings[0].find("s.toml: not UTF-8, read as Big5") == 0);
    CHECK(big5.warnings[0].find("save it as UTF-8") != std::string::npos);
    // UTF-16 with its byte order mark, little- and big-endian (Notepad's "Unicode").
    for (const bool little : {true, false}) {
        std::string utf16 = little ? "\xFF\xFE" : "\xFE\xFF";
        const std::string text = "# \xE7\xAD\x94\n" + ascii_book_sheet();   // # 答 (U+7B54)
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text.compare(i, 3, "\xE7\xAD\x94") == 0) {
                utf16 += little ? std::string("\x54\x7B", 2) : std::string("\x7B\x54", 2);
                i += 2;
                continue;
            }
            utf16 += little ? std::string{text[i], '\0'} : std::string{'\0', text[i]};
        }
        const GradeReport r = graded(utf16);
        CHECK(not_right(r).empty());
        REQUIRE(r.warnings.size() == 1);
        CHECK(r.warnings[0].find("s.toml: saved as UTF-16") == 0);
    }
    // Latin-1 (not Big5 either): one line, the byte and how to save the sheet as UTF-8.
    try {
        graded("# caf\xE9\n" + book_sheet());
        FAIL("a Latin-1 sheet was read");
    } catch (const attn::UsageError& e) {
        const std::string what = e.what();
        CHECK(what.find("s.toml:1:6: not UTF-8 (byte 0xE9); save it as UTF-8 (Notepad: Save as, Encoding UTF-8") != std::string::npos);
        CHECK(what.find('\n') == std::string::npos);
    }
    // sheet_as_utf8 leaves UTF-8 (with or without its byte order mark) as it is.
    CHECK(sheet_as_utf8("\xEF\xBB\xBFx = 1\n").text == "\xEF\xBB\xBFx = 1\n");
    CHECK(sheet_as_utf8("x = 1\n").note.empty());
}

TEST_CASE("the threshold's value agrees with its inequality: 2D + 1 as well as 2D (issue 43, point 4)") {
    // (d) accepts `N >= 2D + 1`; the value at D = 48 is accepted as 97 as well as 96, nothing else.
    CHECK(not_right(graded(typed("threshold = \"2*D\"", "threshold = \"N >= 2D + 1\""))).empty());
    CHECK(not_right(graded(typed("n_equal_d48 = 96", "n_equal_d48 = 97"))).empty());
    for (const char* wrong : {"n_equal_d48 = 95", "n_equal_d48 = 98", "n_equal_d48 = 48"}) {
        CAPTURE(wrong);
        CHECK(not_right(graded(typed("n_equal_d48 = 96", wrong))) == std::set<std::string>{"hw3.d.n_equal_d48"});
    }
    // In every variant: 2D and 2D + 1, not 2D - 1 or 2D + 2.
    for (int i = 0; i < 50; ++i) {
        const Solutions s = solve(make_variant("typed-" + std::to_string(i)));
        const AnswerKey k = build_answer_key(s);
        const std::string name = "n_equal_d" + std::to_string(s.p3.params.d);
        for (long n = s.p3.n_equal - 1; n <= s.p3.n_equal + 2; ++n) {
            const GradeReport r = grade(k, parse_sheet("[hw3.d]\n" + name + " = " + std::to_string(n) + "\n", "s.toml"));
            CHECK((row_of(r, "hw3.d." + name).verdict == Verdict::right) == (n == s.p3.n_equal || n == s.p3.n_equal + 1));
        }
    }
}

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "homework/grade/judge.hpp"

namespace {
double to_figures(double x, int figures) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*e", figures - 1, x);
    return std::strtod(text, nullptr);
}
}  // namespace

TEST_CASE("e carried at 4 figures (2.718), as √2 is (1.414): 1(c) by hand is right in every variant") {
    // softmax by hand with powers of a carried e, c^s / Σ c^s, each weight written at the 3 figures
    // (c) asks, and α₂(1 − α₂) from it. 2.71 (3 figures) is no longer 4-figure work: it must fail
    // somewhere, or the test would pass with any tolerance.
    int fails_with_271 = 0, variants = 0;
    for (int i = 0; i < 300; ++i) {
        const Solutions s = solve(make_variant("e-carried-" + std::to_string(i)));
        const AnswerKey k = build_answer_key(s, 1);
        const Item& weights = item_of(k, "hw1.c.weights");
        const Item& slope = item_of(k, "hw1.c.slope_c");
        auto by_hand = [&](double c) {
            double sum = 0;
            std::vector<double> w;
            for (double x : s.p1.scores_c) w.push_back(std::pow(c, x));
            for (double x : w) sum += x;
            for (double& x : w) x = to_figures(x / sum, 3);
            return w;
        };
        for (const double c : {2.718, 2.7183}) {
            CAPTURE(i);
            CAPTURE(c);
            const std::vector<double> w = by_hand(c);
            CHECK(judge_numbers(weights, w).right);
            CHECK(judge_numbers(slope, {to_figures(w[1] * (1 - w[1]), 3)}).right);
        }
        const std::vector<double> w = by_hand(2.71);
        fails_with_271 += !judge_numbers(weights, w).right;
        ++variants;
    }
    CHECK(variants == 300);
    CHECK(fails_with_271 > 30);
}

