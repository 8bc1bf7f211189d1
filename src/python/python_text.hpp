#pragma once
// Python's str, as notebook 12.3 uses it: a text is a sequence of code points (not bytes), and
// str.split() with no argument splits on runs of str.isspace() code points, dropping empty
// words (docs/spec/python-text.md). Plain data: no printing here.
#include <string>
#include <string_view>
#include <vector>

namespace attn::python {

// str.isspace() of one code point (Debian's Python; generated table, python_whitespace.hpp).
bool python_isspace(char32_t cp);

// True when `text` is well-formed UTF-8 (shortest forms, no surrogates, at most U+10FFFF), the
// only text a Python str read from the command line can be without lone surrogates.
bool well_formed_utf8(std::string_view text);

// text.split(), each word given as its code points (list(word)), each a UTF-8 string.
// `text` must be well-formed UTF-8 (well_formed_utf8); throws std::invalid_argument otherwise.
std::vector<std::vector<std::string>> split_words_into_code_points(std::string_view text);

}  // namespace attn::python
