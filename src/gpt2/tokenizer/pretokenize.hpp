#pragma once
// GPT-2's pre-tokenising pattern, as GPT2Tokenizer runs it with Python's `regex` module:
//
//     's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//
// findall over the code points of a text: at each position the first alternative that matches,
// each `+` greedy. Written out as the backtracking engine decides it: " ?X+" takes the space only
// when an X follows it; "\s+(?!\S)" takes a whitespace run but its last character when a
// non-space follows (that character then starts " ?X+"), and "\s+" takes a single space that
// nothing else wanted. The classes are python3-regex's tables (unicode_classes.hpp).
#include <cstddef>
#include <string>
#include <vector>

namespace attn::gpt2 {

enum class CharClass { letter, number, space, other };
CharClass char_class(char32_t cp);

// The pieces of `text` (code points), as [begin, end) index pairs, in order; they tile the text.
struct Piece {
    std::size_t begin, end;
};
std::vector<Piece> pretokenize(const std::u32string& text);

}  // namespace attn::gpt2
