#include "print/python_str_repr.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "print/python_printable.hpp"
#include "text/utf8.hpp"

namespace attn::print {
namespace {

bool printable(std::uint32_t cp) {
    const auto& table = python_unicode::kNotPrintable;
    const auto* it = std::upper_bound(std::begin(table), std::end(table), cp,
                                      [](std::uint32_t c, const auto& r) { return c < r.lo; });
    return !(it != std::begin(table) && cp <= std::prev(it)->hi);
}

std::string hex(std::uint32_t v, int digits) {
    static const char* kDigits = "0123456789abcdef";
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = kDigits[v & 0xF];
    return out;
}

}  // namespace

std::string py_str_repr(std::string_view s) {
    // CPython's unicode_repr: prefer ', switch to " only when the text has ' and no ".
    const bool has_single = s.find('\'') != std::string_view::npos;
    const bool has_double = s.find('"') != std::string_view::npos;
    const char quote = has_single && !has_double ? '"' : '\'';
    std::string out(1, quote);
    for (std::size_t i = 0; i < s.size();) {
        // a byte that starts no well-formed sequence is kept as it is (callers give valid text)
        const text::CodePoint c = text::decode(s, i);
        const std::size_t len = c.length ? c.length : 1;
        const std::uint32_t cp = c.length ? static_cast<std::uint32_t>(c.value) : 0x20;
        if (cp == static_cast<unsigned char>(quote) || cp == '\\') out += '\\', out += static_cast<char>(cp);
        else if (cp == '\t') out += "\\t";
        else if (cp == '\n') out += "\\n";
        else if (cp == '\r') out += "\\r";
        else if (printable(cp)) out.append(s.substr(i, len));
        else if (cp < 0x100) out += "\\x" + hex(cp, 2);
        else if (cp < 0x10000) out += "\\u" + hex(cp, 4);
        else out += "\\U" + hex(cp, 8);
        i += len;
    }
    return out + quote;
}

std::string py_str_pair_repr(std::string_view first, std::string_view second) {
    return "(" + py_str_repr(first) + ", " + py_str_repr(second) + ")";
}

std::string py_dict_repr(const std::vector<std::pair<std::string, long>>& items, bool defaultdict_int) {
    std::string out = defaultdict_int ? "defaultdict(<class 'int'>, {" : "{";
    bool first = true;
    for (const auto& [key, value] : items) {
        if (!first) out += ", ";
        first = false;
        out += key + ": " + std::to_string(value);
    }
    return out + (defaultdict_int ? "})" : "}");
}

}  // namespace attn::print
