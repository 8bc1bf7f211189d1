// Issue 29, point 4: one typo costs one answer. The pieces of homework/sheet/lenient.hpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "homework/sheet/lenient.hpp"

using namespace attn::homework;

TEST_CASE("full-width forms and U+3000 / U+00A0 outside strings read as ASCII, with a note") {
    std::vector<std::string> notes;
    const std::string in = "[hw1.a]\nweights\xE3\x80\x80\xEF\xBC\x9D [\xEF\xBC\x90.4458\xEF\xBC\x8C 0.1084,\xC2\xA0" "0.4458]\n"
                           "params = \"\xEF\xBC\x94" "D\"  # \xEF\xBC\x8C\n";
    const std::string out = ascii_forms(in, notes);
    CHECK(out == "[hw1.a]\nweights = [0.4458, 0.1084, 0.4458]\nparams = \"\xEF\xBC\x94" "D\"  # \xEF\xBC\x8C\n");
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("line 2") == 0);
    CHECK(notes[0].find("U+3000") != std::string::npos);
    CHECK(notes[0].find("U+00A0") != std::string::npos);
    notes.clear();
    CHECK(ascii_forms("a = 1\n", notes) == "a = 1\n");
    CHECK(notes.empty());
}

TEST_CASE("statements: the lines of a key, an array over several lines, and its key with the table") {
    const std::string t = "[hw1.a]\nscores = [2, 0, 2]\nweights = [\n  0,4458,\n  0.1084]\n[hw1.c]\n\"slope_a\" = .0966\n";
    CHECK(statement_at(t, 2).first == 2);
    CHECK(statement_at(t, 2).last == 2);
    CHECK(statement_at(t, 4).first == 3);
    CHECK(statement_at(t, 4).last == 5);
    CHECK(key_at(t, 3) == "hw1.a.weights");
    CHECK(key_at(t, 7) == "hw1.c.slope_a");
    CHECK(key_at(t, 6) == "");
    CHECK(key_at("hw2 . a.kept_sum = 1\n", 1) == "hw2.a.kept_sum");
    CHECK(without_lines(t, {3, 5}) == "[hw1.a]\nscores = [2, 0, 2]\n\n\n\n[hw1.c]\n\"slope_a\" = .0966\n");
    // A bracket that never closes does not swallow the rest of the sheet.
    const std::string open = "a = [1,\nb = 2\nc = 3\n";
    CHECK(statement_at(open, 1).last <= 3);
}

TEST_CASE("advice for the typos of issue 29: said, never guessed") {
    CHECK(spelling_advice("x = 0,0966").find("decimal") != std::string::npos);
    CHECK(spelling_advice("x = 101,760").find("separator") != std::string::npos);
    CHECK(spelling_advice("x = 101 760").find("101760") != std::string::npos);
    CHECK(spelling_advice("x = .0966").find("0.0966") != std::string::npos);
    CHECK(spelling_advice("same_as_mask = True").find("true or false") != std::string::npos);
    CHECK(spelling_advice("same_as_mask = yes").find("true or false") != std::string::npos);
    CHECK(spelling_advice("x = [0.1, 0.2") == "");
}

#include "homework/grade/spellings.hpp"

TEST_CASE("spellings a fair teacher accepts (issue 29, point 5)") {
    CHECK(fair_spelling("N > 2D", "N") == "2D");
    CHECK(fair_spelling("N>2D", "N") == "2D");
    CHECK(fair_spelling("N = 2D", "N") == "2D");
    CHECK(fair_spelling("n >= 2*D", "N") == "2*D");
    CHECK(fair_spelling("N \xE2\x89\xA5 2D", "N") == "2D");
    CHECK(fair_spelling("N > 2D", "") == "N > 2D");   // an item that asks for no quantity: left alone
    CHECK(fair_spelling("\xEF\xBC\x94" "D\xC2\xB2", "") == "4D\xC2\xB2");   // ４D²
    CHECK(fair_spelling("4\xE3\x83\xBB" "D", "") == "4*D");                  // 4・D
    CHECK(fair_spelling("4\xE2\x88\x99" "D", "") == "4*D");                  // 4∙D
    CHECK(fair_spelling("4D^{2}", "") == "4D^(2)");
    CHECK(fair_spelling("$4D^2$", "") == "4D^2");
    CHECK(fair_spelling("$$4 \\cdot D^{2}$$", "") == "4 * D^(2)");
    CHECK(fair_spelling("4\\times D", "") == "4* D");
    CHECK(fair_spelling("\\left(D+1\\right)", "") == "(D+1)");
}

TEST_CASE("percent_forms: a number with a percent sign becomes its fraction by moving the point") {
    std::vector<PercentMark> marks;
    CHECK(percent_forms("x = 9.66%\n", marks) == "x = 0.0966\n");
    REQUIRE(marks.size() == 1);
    CHECK(marks[0].line == 1);
    CHECK(marks[0].column == 5);
    CHECK(marks[0].written == "9.66%");
    marks.clear();
    CHECK(percent_forms("[a]\nw = [0%, 19.56 %, 80.44%, 100%, -5%, 1_000.5%, 0.5%]\n", marks) ==
          "[a]\nw = [0.00, 0.1956, 0.8044, 1.00, -0.05, 10.005, 0.005]\n");
    REQUIRE(marks.size() == 7);
    CHECK(marks[1].line == 2);
    CHECK(marks[1].column == 12);   // "0.00, " before it in the rewritten line
    CHECK(marks[1].written == "19.56 %");
    CHECK(marks[4].written == "-5%");
    marks.clear();
    for (const char* same : {"s = \"9.66%\"\n", "s = '9.66%'\n", "x = 0.1  # 10%\n", "x = 1e1%\n", "x = .5%\n",
                             "x = 5.%\n", "no percent here\n", "x = 80.1716%5\n", "x = 9.66%%\n", "x = 0080.1%\n",
                             "x = 1__0%\n", "x = 1_%\n", "x = [5%x]\n"}) {
        CAPTURE(same);
        CHECK(percent_forms(same, marks) == same);
        CHECK(marks.empty());
    }
}
