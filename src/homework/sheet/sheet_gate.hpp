#pragma once
// The gate a sheet passes before toml++ sees it. toml++ 3.3.0 recurses once per nesting level
// (SIGSEGV at a depth of ~30 000 dotted keys or brackets) and reaches undefined behaviour on
// some non-ASCII text outside strings (upstream issues 190, 295), so the text is first checked
// by this small lexer, which knows only TOML's strings, comments, brackets and keys:
//   - strict UTF-8 (no overlong forms, surrogates, or code points past U+10FFFF);
//   - non-ASCII only inside strings and comments (TOML 1.0 allows it nowhere else either);
//   - nesting at most kMaxSheetDepth: table header segments + open [ and { + dotted key segments.
#include <cstddef>
#include <string>
#include <string_view>

namespace attn::homework {

inline constexpr std::size_t kMaxSheetDepth = 20;   // a real sheet is 3 deep: hw1.a.weights = [...]

// Throws attn::UsageError(flag, "NAME:LINE:COLUMN: …") for the first problem found; `flag` is the
// flag that named the file ("--grade", "--course").
void check_sheet_text(std::string_view text, const std::string& name, const std::string& flag = "--grade");

}  // namespace attn::homework
