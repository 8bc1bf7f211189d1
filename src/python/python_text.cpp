#include "python/python_text.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "python/python_whitespace.hpp"
#include "text/utf8.hpp"

namespace attn::python {

bool python_isspace(char32_t cp) {
    const auto& table = python_unicode::kWhitespace;
    const auto* it = std::upper_bound(std::begin(table), std::end(table), static_cast<std::uint32_t>(cp),
                                      [](std::uint32_t c, const auto& r) { return c < r.lo; });
    return it != std::begin(table) && cp <= std::prev(it)->hi;
}

bool well_formed_utf8(std::string_view text) { return text::is_valid(text); }

std::vector<std::vector<std::string>> split_words_into_code_points(std::string_view text) {
    std::vector<std::vector<std::string>> words;
    bool in_word = false;
    for (std::size_t i = 0; i < text.size();) {
        const text::CodePoint c = text::decode(text, i);
        const std::size_t len = c.length;
        if (len == 0) throw std::invalid_argument("not well-formed UTF-8");
        if (python_isspace(c.value)) {
            in_word = false;
        } else {
            if (!in_word) words.emplace_back();
            words.back().emplace_back(text.substr(i, len));
            in_word = true;
        }
        i += len;
    }
    return words;
}

}  // namespace attn::python
