#pragma once
// A sheet saved in another encoding than UTF-8 (issue 43, point 4): Notepad's "Unicode" (UTF-16
// with a byte order mark) and "ANSI" on a Traditional-Chinese Windows (Big5, code page 950). Each
// is read after one warning line, through glibc's iconv (never a hand-written table); anything
// else that is not UTF-8 is left for the gate to refuse in one line that says how to save as UTF-8.
#include <string>
#include <string_view>

namespace attn::homework {

struct Decoded {
    std::string text;   // UTF-8 (the bytes as given when they already are, or when nothing fits)
    std::string note;   // "" or one line: what the sheet was read as, and how to save it as UTF-8
};

// Detection is only what the bytes prove: a UTF-16 byte order mark (FF FE, FE FF), or bytes that
// are not UTF-8 and that code page 950 decodes whole. A UTF-8 byte order mark is kept (the gate
// skips it).
Decoded sheet_as_utf8(std::string_view bytes);

// The advice every refusal of an encoding ends with.
inline constexpr const char* kSaveAsUtf8 =
    "save it as UTF-8 (Notepad: Save as, Encoding UTF-8; VS Code: Save with Encoding, UTF-8)";

}  // namespace attn::homework
