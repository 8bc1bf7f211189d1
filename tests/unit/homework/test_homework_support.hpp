#pragma once
// Shared by the homework's doctest files: the worked solutions' order, whatever the language.
#include <doctest/doctest.h>

#include <string>
#include <utility>

namespace attn::homework::testing {

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
