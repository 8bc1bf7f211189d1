// Sheets in UTF-16 or Big5 read as UTF-8 (encoding.hpp), through glibc's iconv.
#include "homework/io/encoding.hpp"

#include <cerrno>
#include <iconv.h>

#include <fmt/format.h>

#include "text/utf8.hpp"

namespace attn::homework {

namespace {

// `bytes` from `from` to UTF-8 with iconv, whole: "" with ok false at the first byte it cannot
// decode (no //IGNORE, no //TRANSLIT: a half-read sheet would be graded as if it were the sheet).
struct Converted {
    bool ok = false;
    std::string text;
};
Converted convert(std::string_view bytes, const char* from) {
    Converted out;
    iconv_t cd = ::iconv_open("UTF-8", from);
    if (cd == reinterpret_cast<iconv_t>(-1)) return out;
    std::string buffer(bytes.size() * 2 + 16, '\0');   // UTF-16 -> at most 3/2, Big5 -> at most 3/2
    char* in = const_cast<char*>(bytes.data());
    std::size_t in_left = bytes.size();
    char* at = buffer.data();
    std::size_t out_left = buffer.size();
    const std::size_t r = ::iconv(cd, &in, &in_left, &at, &out_left);
    const bool flushed = r != static_cast<std::size_t>(-1) && ::iconv(cd, nullptr, nullptr, &at, &out_left) != static_cast<std::size_t>(-1);
    ::iconv_close(cd);
    if (!flushed || in_left != 0) return out;
    buffer.resize(buffer.size() - out_left);
    out.ok = text::is_valid(buffer);
    if (out.ok) out.text = std::move(buffer);
    return out;
}

}  // namespace

Decoded sheet_as_utf8(std::string_view bytes) {
    Decoded d;
    const bool le = bytes.substr(0, 2) == "\xFF\xFE", be = bytes.substr(0, 2) == "\xFE\xFF";
    if (le || be) {
        Converted c = convert(bytes.substr(2), le ? "UTF-16LE" : "UTF-16BE");
        if (c.ok) {
            d.text = std::move(c.text);
            d.note = fmt::format("saved as UTF-16 ({}), read as such; {}", le ? "little-endian" : "big-endian", kSaveAsUtf8);
            return d;
        }
        d.text = std::string(bytes);
        return d;
    }
    if (text::is_valid(bytes)) {
        d.text = std::string(bytes);
        return d;
    }
    // Not UTF-8: Big5 as Windows writes it ("ANSI" on a Traditional-Chinese system), when every
    // byte decodes. ASCII stays ASCII in code page 950, so the TOML around the Chinese is unchanged.
    Converted c = convert(bytes, "CP950");
    if (!c.ok) c = convert(bytes, "BIG5");   // a C library without code page 950 (musl, under Emscripten)
    if (c.ok) {
        d.text = std::move(c.text);
        d.note = fmt::format("not UTF-8, read as Big5 (code page 950, Windows' \"ANSI\" in Traditional Chinese); {}",
                             kSaveAsUtf8);
        return d;
    }
    d.text = std::string(bytes);
    return d;
}

}  // namespace attn::homework
