// Homework in English (--lang en): the worked solutions and the sheets' problem text, against the
// chapter's. tests/cli/lang_test.py checks the whole output line by line (no CJK, the same numbers);
// here: the language switch itself, the order of problems and parts, the numbers the chapter's
// test pins, the note on the chapter, and sheets whose TOML is the chapter's.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/solutions/solution_numbers.hpp"
#include "homework/solutions/solution_text.hpp"
#include "test_homework_support.hpp"
#include "homework/problems/variant.hpp"

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
    CHECK(solution_text(s, key) == solution_text(s, key, 0, Lang::zh_TW));
    CHECK(solution_text(s, key).rfind("作業一：", 0) == 0);
    const std::string text = solution_text(s, key, 0, Lang::en);
    REQUIRE(text.find("Homework 1:") == 0);
    const char* const titles[] = {"Homework 1:", "Homework 2:", "Homework 3:"};
    testing::check_problem_order(text, titles, [](char p) { return std::string("(") + p + ") "; });
    const std::size_t p2 = text.find("Homework 2:");
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

// The sentences only a broken core would print (the mask disagrees, attn's counts disagree with
// the formula or are missing): no variant reaches them, so they are reached here, in both
// languages, through the one code path and each language's templates.
TEST_CASE("worked solutions: the sentences of a disagreeing core, in both languages") {
    Solutions s = solve(chapter_variant());
    const AnswerKey key = build_answer_key(s);
    s.p2.same_as_mask = false;
    s.p3.counted.clear();
    s.p3.muls_equal += 1;
    const std::string zh = solution_text(s, key, 0, Lang::zh_TW), en = solution_text(s, key, 0, Lang::en);
    CHECK(zh.find("對不上（最大差 ") != std::string::npos);
    CHECK(en.find("which does not match the ") != std::string::npos);
    CHECK(zh.find("實際數到的是 （無），與式子不符！") != std::string::npos);
    CHECK(en.find("counts (none), which does not match the formula!") != std::string::npos);
    CHECK(zh.find("但 attn multihead 實際數到的是 ") != std::string::npos);
    CHECK(en.find("But attn multihead counts ") != std::string::npos);
    CHECK(zh.find("不是兩倍！") != std::string::npos);
    CHECK(en.find("not twice that!") != std::string::npos);
    CHECK(std::count(zh.begin(), zh.end(), '\n') == std::count(en.begin(), en.end(), '\n'));
}

namespace {

// The line of `text` that starts with `start` (empty when none).
std::string line_from(const std::string& text, const std::string& start) {
    const std::size_t at = text.find("\n" + start);
    if (at == std::string::npos) return "";
    return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

}  // namespace

// The sentences the numbers decide, chosen once for both languages: over many variants, the
// orders of magnitude 1(c) names follow orders_lost, 2(b) lists one division per kept entry
// separated by the language's separator, and the sheet's problem 2 says the first removed entry.
TEST_CASE("worked solutions and sheets: the number-dependent sentences over variants, both languages") {
    const int count = 120;
    int one = 0, many = 0, fewer = 0;
    for (int i = 0; i < count; ++i) {
        const Solutions s = solve(derive_variant("v" + std::to_string(i)));
        const AnswerKey key = build_answer_key(s);
        const std::string zh = solution_text(s, key, 0, Lang::zh_TW), en = solution_text(s, key, 0, Lang::en);
        const int orders = worked::orders_lost(s.p1);
        const std::string zh_c = line_from(zh, "（c）分數"), en_c = line_from(en, "(c) The scores");
        if (orders == 1) {
            ++one;
            CHECK(zh_c.find("掉了一個數量級以上。") != std::string::npos);
            CHECK(en_c.find("at least an order of magnitude smaller.") != std::string::npos);
        } else if (orders > 1) {
            ++many;
            CHECK(zh_c.find("個數量級以上。") != std::string::npos);
            CHECK(zh_c.find("掉了一個") == std::string::npos);
            CHECK(en_c.find(" orders of magnitude smaller.") != std::string::npos);
        } else {
            ++fewer;
            CHECK(zh_c.find("小了許多。") != std::string::npos);
            CHECK(en_c.find("much smaller.") != std::string::npos);
        }
        const auto kept = static_cast<std::size_t>(s.p2.params.column);
        const std::string zh_b = line_from(zh, "（b）各項"), en_b = line_from(en, "(b) Dividing");
        CHECK(occurrences(zh_b, " / ") == kept);
        CHECK(occurrences(en_b, " / ") == kept);
        CHECK(occurrences(zh_b, "，") == kept - 1);
        CHECK(occurrences(en_b, ", ") == kept - 1);
        const std::string first_removed = std::to_string(worked::removed_entries(s.p2).front());
        CHECK(template_sheet(s, key, 2).find("也就是第 " + first_removed + " 項以後不該存在") != std::string::npos);
        CHECK(template_sheet(s, key, 2, Lang::en).find("from entry " + first_removed + " on, nothing") != std::string::npos);
    }
    // The variants reach every branch.
    CHECK(one > 0);
    CHECK(many > 0);
    CHECK(fewer > 0);
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
