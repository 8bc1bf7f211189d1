// print::py_str_repr, py_str_pair_repr, py_dict_repr: Python 3.11's repr() of str, tuple and
// dict / defaultdict(int) (docs/spec/python-text.md §6–7). The expected strings were printed by
// Debian's /usr/bin/python3 (repr(s) of each input), written here as C escapes of their UTF-8.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "print/python_printable.hpp"
#include "print/python_str_repr.hpp"

using attn::print::py_dict_repr;
using attn::print::py_str_pair_repr;
using attn::print::py_str_repr;

TEST_CASE("py_str_repr: quotes, escapes and the printable table, as Python's repr") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"abc", "'abc'"},
        {"it's", "\"it's\""},
        {"say \"hi\"", "'say \"hi\"'"},
        {"a'b\"c", "'a\\'b\"c'"},
        {"\x01\x7f\x09\x0a\x0d\\", "'\\x01\\x7f\\t\\n\\r\\\\'"},
        {"\xc2\xad\xc2\xa0\xc3\xa9", "'\\xad\\xa0\xc3\xa9'"},
        {"\xe2\x80\x8b\xef\xbb\xbf\xe3\x80\x80", "'\\u200b\\ufeff\\u3000'"},
        {"\xe5\xba\x8a\xe5\x89\x8d", "'\xe5\xba\x8a\xe5\x89\x8d'"},
        {"\xf0\x9f\x98\x80\xf3\xa0\x80\x81\xf4\x8f\xbf\xbf", "'\xf0\x9f\x98\x80\\U000e0001\\U0010ffff'"},
        {"\xcd\xb8\xee\x80\x80", "'\\u0378\\ue000'"},
        {"e\xcc\x81", "'e\xcc\x81'"},
        {"</w>", "'</w>'"},
    };
    for (const auto& c : cases) {   // (no structured binding: CAPTURE's lambda may not capture one before C++20)
        const std::string& in = c.first;
        const std::string& want = c.second;
        CAPTURE(in);
        CHECK(py_str_repr(in) == want);
    }
}

TEST_CASE("py_str_repr: the generated table is sorted, disjoint and starts with the C0 controls") {
    const auto& t = attn::print::python_unicode::kNotPrintable;
    CHECK(t[0].lo == 0x0);
    CHECK(t[0].hi == 0x1F);
    for (std::size_t i = 1; i < std::size(t); ++i) {
        CHECK(t[i - 1].hi < t[i].lo);
        CHECK(t[i].lo <= t[i].hi);
    }
}

TEST_CASE("py_str_pair_repr and py_dict_repr: tuples, dicts and defaultdict(int)") {
    CHECK(py_str_pair_repr("s", "e") == "('s', 'e')");
    CHECK(py_str_pair_repr("it's", "</w>") == "(\"it's\", '</w>')");
    const std::vector<std::pair<std::string, long>> items = {{"'a </w>'", 1}, {"'s e a </w>'", 6}};
    CHECK(py_dict_repr(items, false) == "{'a </w>': 1, 's e a </w>': 6}");
    CHECK(py_dict_repr(items, true) == "defaultdict(<class 'int'>, {'a </w>': 1, 's e a </w>': 6})");
    CHECK(py_dict_repr({}, true) == "defaultdict(<class 'int'>, {})");
}
