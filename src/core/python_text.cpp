#include "core/python_text.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "core/python_whitespace.hpp"

namespace attn::core {
namespace {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: shortest form, no
// surrogates, at most U+10FFFF), or 0 when there is none; its code point in *cp.
std::size_t sequence_at(std::string_view text, std::size_t i, char32_t* cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char b0 = byte(0);
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    std::size_t len;
    char32_t value, min;
    if (b0 >= 0xC2 && b0 <= 0xDF) len = 2, value = b0 & 0x1F, min = 0x80;
    else if (b0 >= 0xE0 && b0 <= 0xEF) len = 3, value = b0 & 0x0F, min = 0x800;
    else if (b0 >= 0xF0 && b0 <= 0xF4) len = 4, value = b0 & 0x07, min = 0x10000;
    else return 0;
    if (i + len > text.size()) return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((byte(k) & 0xC0) != 0x80) return 0;
        value = (value << 6) | (byte(k) & 0x3F);
    }
    if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
    *cp = value;
    return len;
}

}  // namespace

bool python_isspace(char32_t cp) {
    const auto& table = python_unicode::kWhitespace;
    const auto* it = std::upper_bound(std::begin(table), std::end(table), static_cast<std::uint32_t>(cp),
                                      [](std::uint32_t c, const auto& r) { return c < r.lo; });
    return it != std::begin(table) && cp <= std::prev(it)->hi;
}

bool well_formed_utf8(std::string_view text) {
    char32_t cp;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = sequence_at(text, i, &cp);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

std::vector<std::vector<std::string>> split_words_into_code_points(std::string_view text) {
    std::vector<std::vector<std::string>> words;
    bool in_word = false;
    char32_t cp;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = sequence_at(text, i, &cp);
        if (len == 0) throw std::invalid_argument("not well-formed UTF-8");
        if (python_isspace(cp)) {
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

}  // namespace attn::core
