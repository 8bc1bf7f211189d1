#pragma once
// UTF-8, once for the house: decoding and encoding a code point, validation, Python's len(), and the columns
// a terminal gives a text. Well-formed means RFC 3629: the shortest form, no surrogates
// (U+D800..U+DFFF), nothing past U+10FFFF. Pure functions over bytes; includes nothing of the
// project.
#include <cstddef>
#include <string>
#include <string_view>

namespace attn::text {

struct CodePoint {
    char32_t value = 0;
    std::size_t length = 0;   // bytes; 0: no well-formed sequence starts there
};

// The well-formed sequence that starts at s[i] (i < s.size()), or {0, 0}.
CodePoint decode(std::string_view s, std::size_t i);

// The RFC 3629 encoding of a scalar value (1 to 4 bytes); U+FFFD's for a surrogate or a value past
// U+10FFFF, which have none. The inverse of decode.
std::string encode(char32_t cp);

// Every byte belongs to a well-formed sequence.
bool is_valid(std::string_view s);

// `s` with each byte that starts no well-formed sequence replaced by U+FFFD (one per byte), the
// rest unchanged: safe to put in a UTF-8 document.
std::string valid(std::string_view s);

// The longest start of `s` of at most max_bytes that cuts no character in two (`s` itself when it
// is no longer): a text shortened for a table or a message.
std::string_view prefix(std::string_view s, std::size_t max_bytes);

// Python's len() of a valid UTF-8 text: its code points (the bytes that are not continuation
// bytes 10xxxxxx).
std::size_t code_points(std::string_view s);

// The terminal columns of `s`: 2 for East Asian wide and fullwidth characters (Unicode's
// East_Asian_Width W and F: Hangul Jamo, CJK and its punctuation but U+303F, Hangul
// syllables, compatibility ideographs, vertical and fullwidth forms, planes 2 and 3; the
// lesson's 床前明月光), 1 for every other code point and for each byte of an ill-formed sequence.
std::size_t display_width(std::string_view s);

}  // namespace attn::text
