#pragma once
// Shared by the homework's doctest files: the worked solutions' order, whatever the language; a
// key's item by name; a variant's solutions without the book's problems.
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "homework/grade/grade.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"

namespace attn::homework::testing {

// The item of `key` named `name` ("hw1.a.weights"); a failed check when there is none.
inline const Item& item_of(const AnswerKey& key, const std::string& name) {
    for (const Item& item : key.items) {
        if (item.key() == name) return item;
    }
    FAIL("no key " << name);
    return key.items.front();
}

// The row of report `r` for `key` ("hw1.a.weights"); a failed check when there is none.
inline const GradedItem& row_of(const GradeReport& r, const std::string& key) {
    for (const GradedItem& row : r.items) {
        if (row.key == key) return row;
    }
    FAIL("no row " << key);
    return r.items.front();
}

// The chapter's three problems solved (problem 3 by formula only); the book's problems, worked by
// test_homework_book.cpp, left empty.
inline Solutions solve_fast(const Variant& v) {
    return {v, solve_problem1(v.p1), solve_problem2(v.p2), solve_problem3(v.p3, Problem3Counts::formula_only), {}};
}

// `text` holds the three problems in order (titles[0..2]), each with its parts (a) (b) (c) in
// order at the start of a line, and problem 3 a (d) after its (c); part(x) is how the
// language writes the part's label ("（a）", "(a) ").
template <typename Part>
void check_problem_order(const std::string& text, const char* const (&titles)[3], Part part) {
    const std::size_t p1 = text.find(titles[0]), p2 = text.find(titles[1]), p3 = text.find(titles[2]);
    REQUIRE(p1 != std::string::npos);
    REQUIRE(p2 != std::string::npos);
    REQUIRE(p3 != std::string::npos);
    CHECK(p1 < p2);
    CHECK(p2 < p3);
    for (const auto& [from, to] : {std::pair{p1, p2}, std::pair{p2, p3}, std::pair{p3, text.size()}}) {
        const std::string one = text.substr(from, to - from);
        const std::size_t a = one.find("\n" + part('a')), b = one.find("\n" + part('b')), c = one.find("\n" + part('c'));
        CHECK(a != std::string::npos);
        CHECK(a < b);
        CHECK(b < c);
    }
    CHECK(text.find("\n" + part('d'), p3) != std::string::npos);
    CHECK(text.find("\n" + part('c'), p3) < text.find("\n" + part('d'), p3));
}

}  // namespace attn::homework::testing
