// Homework in English (--lang en): the worked solutions and the sheets' problem text, against the
// chapter's. tests/lang_test.py checks the whole output line by line (no CJK, the same numbers);
// here: the language switch itself, the order of problems and parts, the numbers the chapter's
// test pins, the note on the chapter, and sheets whose TOML is the chapter's.
#include <doctest/doctest.h>

#include <string>

#include "homework/answer_key.hpp"
#include "homework/problems.hpp"
#include "homework/sheet_text.hpp"
#include "homework/solution_text.hpp"
#include "homework/variant.hpp"

using namespace attn::homework;
using attn::render::Lang;

namespace {

// The lines of a sheet that are TOML, not comments: table headers and answers (commented out as
// "# key = " in a template).
std::string toml_lines(const std::string& sheet) {
    std::string out;
    std::size_t start = 0;
    while (start < sheet.size()) {
        const std::size_t end = sheet.find('\n', start);
        const std::string line = sheet.substr(start, end - start);
        // "name = …" or "# name = …", the name of [a-z0-9_] only
        const std::string body = line.rfind("# ", 0) == 0 ? line.substr(2) : line;
        const std::size_t eq = body.find(" = ");
        const bool answer = eq != std::string::npos && eq > 0 &&
                            body.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == eq;
        if (line.rfind("[", 0) == 0 || answer) out += line + "\n";
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("worked solutions in English: the switch, the order, the chapter's numbers and note") {
    const Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    CHECK(solution_text(s, key, 0, Lang::zh_TW) == solution_text_chapter(s, key, 0));
    CHECK(solution_text(s, key) == solution_text_chapter(s, key, 0));
    const std::string text = solution_text(s, key, 0, Lang::en);
    CHECK(text == solution_text_english(s, key, 0));
    const std::size_t p1 = text.find("Homework 1:"), p2 = text.find("Homework 2:"), p3 = text.find("Homework 3:");
    REQUIRE(p1 == 0);
    REQUIRE(p2 != std::string::npos);
    REQUIRE(p3 != std::string::npos);
    CHECK(p1 < p2);
    CHECK(p2 < p3);
    for (const auto& [from, to] : {std::pair{p1, p2}, std::pair{p2, p3}, std::pair{p3, text.size()}}) {
        const std::string part = text.substr(from, to - from);
        const std::size_t a = part.find("\n(a) "), b = part.find("\n(b) "), c = part.find("\n(c) ");
        CHECK(a != std::string::npos);
        CHECK(a < b);
        CHECK(b < c);
    }
    CHECK(text.find("\n(c) ", p3) < text.find("\n(d) ", p3));
    // The numbers, printed by the same code as the chapter's text, with English separators.
    CHECK(text.find("0.4458, 0.1084, 0.4458") != std::string::npos);
    CHECK(text.find("0.5000, 0.0000227, 0.5000") != std::string::npos);
    CHECK(text.find("0.208963 + 0.021426 + 0.571327 = 0.801716") != std::string::npos);
    CHECK(text.find("[0.209 0.021 0.571 0.062 0.136]") != std::string::npos);
    CHECK(text.find("0.261, 0.027, 0.713, 0, 0") != std::string::npos);
    CHECK(text.find("92,160 + 9,600 = 101,760") != std::string::npos);
    CHECK(text.find("884,736") != std::string::npos);
    CHECK(text.find("≈ 5.13") != std::string::npos);
    // Sentences decided by the numbers: the tie of keys 1 and 3, three orders of magnitude, the
    // two masked entries, the threshold 2D.
    CHECK(text.find("Keys k1 and k3 have the same score") != std::string::npos);
    CHECK(text.find("at least three orders of magnitude smaller") != std::string::npos);
    CHECK(text.find("entries 4 and 5 should not be there") != std::string::npos);
    CHECK(text.find("longer than twice the total dimension") != std::string::npos);
    // The note on the chapter: 0.0967 printed, 0.0966 correct, accepted; only under problem 1.
    const std::size_t note = text.find("Note on the chapter (hw1.c.slope_a): it prints 0.0967");
    CHECK(note != std::string::npos);
    CHECK(note < p2);
    CHECK(text.find("to 4 decimal places is 0.0966") != std::string::npos);
    const std::string two = solution_text(s, key, 2, Lang::en);
    CHECK(two.rfind("Homework 2:", 0) == 0);
    CHECK(two.find("Homework 1") == std::string::npos);
    CHECK(two.find("Note on the chapter") == std::string::npos);
}

TEST_CASE("worked solutions in English under a variant: its header, its numbers, no note") {
    const Solutions s = solve(derive_variant("alice"));
    const std::string text = solution_text(s, build_answer_key(s), 0, Lang::en);
    CHECK(text.rfind("(Variant alice: ", 0) == 0);
    CHECK(text.find("Note on the chapter") == std::string::npos);
    CHECK(text.find("(attn attention --seed " + s.p2.params.seed.decimal() + ")") != std::string::npos);
}

TEST_CASE("sheets in English: the chapter's tables, keys and values; English problem text") {
    for (const char* id : {"", "alice"}) {
        const Solutions s = solve(make_variant(id));
        const AnswerKey key = build_answer_key(s);
        for (int problem = 0; problem <= 3; ++problem) {
            for (auto sheet : {template_sheet, key_sheet}) {
                const std::string zh = sheet(s, key, problem, Lang::zh_TW), en = sheet(s, key, problem, Lang::en);
                CAPTURE(id);
                CAPTURE(problem);
                CHECK(zh == sheet(s, key, problem, Lang::zh_TW));
                CHECK(en != zh);
                CHECK(toml_lines(en) == toml_lines(zh));
                CHECK(toml_lines(en).find("[hw") != std::string::npos);
                CHECK(en.find("section 04 (homework and solutions)") != std::string::npos);
                CHECK(en.find("作業") == std::string::npos);
            }
        }
        const std::string blank = template_sheet(s, key, 0, Lang::en);
        for (const Item& item : key.items) CHECK(blank.find("# " + item.name + " = ") != std::string::npos);
        CHECK(blank.find("# Homework 1: ") != std::string::npos);
        CHECK(blank.find("# (d) ") != std::string::npos);
    }
}
