// src/text/utf8 against an independent encoder: every code point's RFC 3629 encoding decodes to
// itself, and every other byte sequence (all of 1 and 2 bytes, all 3-byte ones after E0..EF, the
// 4-byte ones around F0..F4's limits) is refused; validation, replacement, Python's len() and
// terminal columns follow from it.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include "text/utf8.hpp"

using attn::text::code_points;
using attn::text::decode;
using attn::text::display_width;
using attn::text::is_valid;
using attn::text::valid;

namespace {

// RFC 3629's table, written from the RFC, not from utf8.cpp.
std::string encode(char32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

bool is_scalar(std::uint32_t cp) { return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF); }

// The one scalar value whose encoding is `s`, if any (by the encoder: well-formed iff it
// round-trips).
bool well_formed(const std::string& s, char32_t& cp) {
    std::uint32_t v = 0;
    const auto lead = static_cast<unsigned char>(s[0]);
    const int extra = s.size() - 1;
    v = extra == 0 ? lead : extra == 1 ? (lead & 0x1F) : extra == 2 ? (lead & 0x0F) : (lead & 0x07);
    for (std::size_t k = 1; k < s.size(); ++k) v = (v << 6) | (static_cast<unsigned char>(s[k]) & 0x3F);
    cp = v;
    return is_scalar(v) && encode(v) == s;
}

void check_sequence(const std::string& s) {
    char32_t cp = 0;
    const bool ok = well_formed(s, cp);
    const auto p = decode(s, 0);
    if (ok) {
        REQUIRE(p.length == s.size());
        REQUIRE(p.value == cp);
    } else {
        // not a whole sequence: either nothing starts here, or a shorter sequence does
        REQUIRE(p.length != s.size());
        if (p.length != 0) REQUIRE(encode(p.value) == s.substr(0, p.length));
    }
}

}  // namespace

TEST_CASE("utf8: decode agrees with RFC 3629's encoder, and refuses every other sequence") {
    // The sanitizers run 3-5 times slower: there, a sample of the 3-byte sequences.
    const unsigned third_step = std::getenv("ATTN_SANITIZED") ? 7 : 1;
    for (std::uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (!is_scalar(cp)) continue;
        const std::string s = encode(cp);
        const auto p = decode(s, 0);
        REQUIRE(p.length == s.size());
        REQUIRE(p.value == cp);
    }
    for (unsigned a = 0; a < 256; ++a) {
        check_sequence(std::string(1, static_cast<char>(a)));
        for (unsigned b = 0; b < 256; ++b) {
            check_sequence({static_cast<char>(a), static_cast<char>(b)});
            if (a >= 0xE0 && a <= 0xEF) {
                for (unsigned c = 0; c < 256; c += third_step) {
                    check_sequence({static_cast<char>(a), static_cast<char>(b), static_cast<char>(c)});
                }
            }
        }
    }
    for (unsigned a : {0xF0u, 0xF4u, 0xF5u, 0xF7u, 0xF8u, 0xFFu}) {
        for (unsigned b = 0x70; b < 0xD0; ++b) {
            check_sequence({static_cast<char>(a), static_cast<char>(b), '\x80', '\x80'});
            check_sequence({static_cast<char>(a), static_cast<char>(b), '\xBF', '\xBF'});
        }
    }
    // truncated sequences start nothing
    CHECK(decode("\xE5\xBA", 0).length == 0);
}

TEST_CASE("utf8: encode is RFC 3629's table, and U+FFFD for what has no encoding") {
    for (std::uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (is_scalar(cp)) REQUIRE(attn::text::encode(cp) == encode(cp));
        else REQUIRE(attn::text::encode(cp) == "\xEF\xBF\xBD");
    }
    for (std::uint32_t cp : {0x110000u, 0x1FFFFFu, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
        CHECK(attn::text::encode(static_cast<char32_t>(cp)) == "\xEF\xBF\xBD");
    }
    CHECK(attn::text::encode(U'床') == "床");
    CHECK(attn::text::encode(0) == std::string(1, '\0'));
    CHECK(decode("\xF0\x9F\x98", 0).length == 0);
}

TEST_CASE("utf8: validation, replacement and Python's len() follow decode") {
    CHECK(is_valid("床前明月光 Ωq 😀"));
    CHECK(!is_valid("a\xC0\xAF"));          // overlong '/'
    CHECK(!is_valid("\xED\xA0\x80"));       // a surrogate
    CHECK(!is_valid("\xF4\x90\x80\x80"));   // past U+10FFFF
    CHECK(valid("a\xFF" "b\xE5\xBA") == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(code_points("床前 Ω") == 4);
    std::mt19937 gen(12);
    for (int round = 0; round < 2000; ++round) {
        std::string s;
        const int n = static_cast<int>(gen() % 12);
        for (int i = 0; i < n; ++i) s += static_cast<char>(gen() % 3 == 0 ? gen() % 256 : 0x80 + gen() % 0x40);
        if (round % 3 == 0) s += "光";
        const std::string v = valid(s);
        REQUIRE(is_valid(v));
        REQUIRE(valid(v) == v);
        REQUIRE(is_valid(s) == (v == s));
        std::size_t steps = 0;
        for (std::size_t i = 0; i < v.size(); i += decode(v, i).length) ++steps;
        REQUIRE(code_points(v) == steps);
    }
}

TEST_CASE("utf8: prefix cuts at a character's start, never inside one") {
    CHECK(attn::text::prefix("abc", 5) == "abc");
    CHECK(attn::text::prefix("abc", 3) == "abc");
    CHECK(attn::text::prefix("abc", 2) == "ab");
    CHECK(attn::text::prefix("床前明", 3) == "床");
    CHECK(attn::text::prefix("床前明", 4) == "床");
    CHECK(attn::text::prefix("床前明", 5) == "床");
    CHECK(attn::text::prefix("床前明", 6) == "床前");
    CHECK(attn::text::prefix("床前明", 2).empty());
    std::mt19937 gen(21);
    for (int round = 0; round < 2000; ++round) {
        std::string s;
        for (int i = static_cast<int>(gen() % 8); i > 0; --i) s += attn::text::encode(gen() % 0x110000);
        const std::size_t max = gen() % (s.size() + 2);
        const std::string_view p = attn::text::prefix(s, max);
        REQUIRE(p.size() <= max);
        REQUIRE(s.compare(0, p.size(), p) == 0);
        REQUIRE(is_valid(p));                                              // no character cut
        REQUIRE((p.size() == s.size() || p.size() + decode(s, p.size()).length > max));  // the longest
    }
}

TEST_CASE("utf8: display width, two columns for East Asian wide and fullwidth characters") {
    CHECK(display_width("") == 0);
    CHECK(display_width("attn 12") == 7);
    CHECK(display_width("床前明月光") == 10);
    CHECK(display_width("Ωq") == 2);
    CHECK(display_width("，") == 2);               // U+FF0C fullwidth comma
    CHECK(display_width("\xE3\x80\xBF") == 1);     // U+303F half fill space is narrow
    CHECK(display_width("\xF0\xA0\x80\x80") == 2); // U+20000, plane 2
    CHECK(display_width("\xE1\x84\x80") == 2);     // U+1100 Hangul choseong
    CHECK(display_width("\xEA\xB0\x80") == 2);     // U+AC00 Hangul syllable
    CHECK(display_width("\xFF\xFE") == 2);         // each ill-formed byte one column
    CHECK(display_width("\xE5\xBA") == 2);
}
