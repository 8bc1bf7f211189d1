// GPT-2's pre-tokenising pattern (pretokenize.hpp), alternative by alternative.
#include "gpt2/tokenizer/pretokenize.hpp"

#include <algorithm>
#include <iterator>

#include "gpt2/tokenizer/unicode_classes.hpp"

namespace attn::gpt2 {
namespace {

template <std::size_t N>
bool in(const unicode_classes::CodePointRange (&table)[N], char32_t cp) {
    // first range whose hi >= cp
    auto it = std::lower_bound(std::begin(table), std::end(table), cp,
                               [](const unicode_classes::CodePointRange& r, char32_t c) { return r.hi < c; });
    return it != std::end(table) && it->lo <= cp;
}

bool contraction(const std::u32string& s, std::size_t i, std::size_t& end) {
    if (s[i] != U'\'') return false;
    static const char32_t* const kTails[] = {U"s", U"t", U"re", U"ve", U"m", U"ll", U"d"};   // in the pattern's order
    for (const char32_t* tail : kTails) {
        std::size_t j = i + 1, k = 0;
        while (tail[k] != 0 && j < s.size() && s[j] == tail[k]) ++j, ++k;
        if (tail[k] == 0) {
            end = j;
            return true;
        }
    }
    return false;
}

}  // namespace

CharClass char_class(char32_t cp) {
    if (in(unicode_classes::kLetter, cp)) return CharClass::letter;
    if (in(unicode_classes::kNumber, cp)) return CharClass::number;
    if (in(unicode_classes::kSpace, cp)) return CharClass::space;
    return CharClass::other;
}

std::vector<Piece> pretokenize(const std::u32string& s) {
    const std::size_t n = s.size();
    std::vector<CharClass> cls(n);
    for (std::size_t i = 0; i < n; ++i) cls[i] = char_class(s[i]);
    auto run = [&](std::size_t j, CharClass c) {   // end of the run of class c from j
        while (j < n && cls[j] == c) ++j;
        return j;
    };
    std::vector<Piece> out;
    std::size_t i = 0;
    while (i < n) {
        std::size_t end = 0;
        if (contraction(s, i, end)) {                                    // 's|'t|'re|'ve|'m|'ll|'d
        } else if (s[i] == U' ' && i + 1 < n && cls[i + 1] != CharClass::space) {
            end = run(i + 1, cls[i + 1]);                                // " ?\p{L}+", " ?\p{N}+", " ?[^\s\p{L}\p{N}]+"
        } else if (cls[i] != CharClass::space) {
            end = run(i, cls[i]);                                        // the same without the space
        } else {
            const std::size_t j = run(i, CharClass::space);
            if (j == n || j - 1 == i) end = j;                           // "\s+(?!\S)" whole, or "\s+" (one)
            else end = j - 1;                                            // "\s+(?!\S)" leaves the last
        }
        out.push_back({i, end});
        i = end;
    }
    return out;
}

}  // namespace attn::gpt2
