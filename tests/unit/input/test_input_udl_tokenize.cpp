// input::parse_printed_tokenize: notebook 12.3's printed lines read back (the last Tokens line,
// the lines after it, the run of pair lines before it), and the refusals of prints that lack them.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "input/udl_tokenize_text.hpp"

using attn::input::parse_printed_tokenize;

TEST_CASE("parse_printed_tokenize: the final lines, escapes and the pair run") {
    const std::string print =
        "Vocabulary: {'a </w>': 1}\n"
        "Most frequent pair: ('s', 'e')\n"
        "Most frequent pair: (\"it's\", '\\xad\\u200b')\n"
        "Tokens: defaultdict(<class 'int'>, {'a': 12, \"it's\": 3, '\\U0001f600': 1})\n"
        "Number of tokens: 3\r\n"
        "Vocabulary: {'a </w>': 1, 'se a</w>': 6}  \n"
        "Size of vocabulary: 2\n";
    const auto p = parse_printed_tokenize(print);
    REQUIRE(p.tokens);
    REQUIRE(p.tokens->size() == 3);
    CHECK((*p.tokens)[0].key == "a");
    CHECK((*p.tokens)[0].count == 12);
    CHECK((*p.tokens)[1].key == "it's");
    CHECK((*p.tokens)[2].key == "\xf0\x9f\x98\x80");
    CHECK(p.number_of_tokens == 3);
    REQUIRE(p.vocabulary);
    CHECK((*p.vocabulary)[1].key == "se a</w>");
    CHECK(p.size_of_vocabulary == 2);
    REQUIRE(p.pairs.size() == 2);
    CHECK(p.pairs[1].first == "it's");
    CHECK(p.pairs[1].second == "\xc2\xad\xe2\x80\x8b");
    CHECK_FALSE(p.pairs_cut);   // a Vocabulary line comes first: the run is whole
    const auto cut = parse_printed_tokenize("Most frequent pair: ('a', 'b')\nTokens: {'ab': 1}\nVocabulary: {'ab': 1}\n");
    CHECK(cut.pairs_cut);
}

TEST_CASE("parse_printed_tokenize: what a verdict needs, and unreadable lines") {
    CHECK_THROWS_AS(parse_printed_tokenize(""), std::invalid_argument);
    CHECK_THROWS_AS(parse_printed_tokenize("Tokens: {'a': 1}\n"), std::invalid_argument);   // no Vocabulary
    CHECK_THROWS_AS(parse_printed_tokenize("Vocabulary: {'a': 1}\n"), std::invalid_argument);   // no Tokens
    CHECK_THROWS_AS(parse_printed_tokenize("Tokens: {'a': x}\nVocabulary: {}\n"), std::invalid_argument);
    CHECK_THROWS_AS(parse_printed_tokenize("Tokens: {'a: 1}\nVocabulary: {}\n"), std::invalid_argument);
    CHECK_THROWS_AS(parse_printed_tokenize("Tokens: {'\\ud800': 1}\nVocabulary: {}\n"), std::invalid_argument);
    CHECK_THROWS_AS(parse_printed_tokenize("Tokens: {'a': 99999999999999999999}\nVocabulary: {}\n"),
                    std::invalid_argument);
}

#include <random>
#include <utility>
#include <vector>

#include "print/python_str_repr.hpp"
#include "text/utf8.hpp"

TEST_CASE("parse_printed_tokenize reads back what print::py_str_repr writes, for any key") {
    // Keys drawn from the characters that exercise repr: both quotes, backslash, controls, C1,
    // format characters, CJK, astral, private use, unassigned; plus random code points.
    const std::vector<char32_t> odd = {'\'', '"', '\\', 'a', ' ', 0x01, 0x09, 0x0A, 0x0D, 0x7F, 0x85, 0xA0,
                                       0xAD, 0xE9, 0x378, 0x200B, 0xFEFF, 0x3000, 0x5E8A, 0xE000,
                                       0x1F600, 0xE0001, 0x10FFFF};
    std::mt19937 g(12);
    for (int round = 0; round < 2000; ++round) {
        std::vector<std::pair<std::string, long>> items;
        std::vector<std::string> keys;
        const int n = std::uniform_int_distribution<int>(1, 6)(g);
        for (int k = 0; k < n; ++k) {
            std::string key;
            const int len = std::uniform_int_distribution<int>(1, 5)(g);
            for (int c = 0; c < len; ++c) {
                char32_t cp = odd[std::uniform_int_distribution<std::size_t>(0, odd.size() - 1)(g)];
                if (g() % 3 == 0) {
                    do cp = std::uniform_int_distribution<std::uint32_t>(1, 0x10FFFF)(g);
                    while (cp >= 0xD800 && cp <= 0xDFFF);
                }
                key += attn::text::encode(cp);
            }
            keys.push_back(key);
            items.emplace_back(attn::print::py_str_repr(key), k + 1);
        }
        const std::string print = "Tokens: " + attn::print::py_dict_repr(items, true) +
                                  "\nVocabulary: " + attn::print::py_dict_repr(items, false) + "\n";
        const auto p = parse_printed_tokenize(print);
        REQUIRE(p.tokens->size() == keys.size());
        for (std::size_t k = 0; k < keys.size(); ++k) {
            REQUIRE((*p.tokens)[k].key == keys[k]);
            REQUIRE((*p.vocabulary)[k].key == keys[k]);
            REQUIRE((*p.tokens)[k].count == static_cast<long>(k + 1));
        }
    }
}
