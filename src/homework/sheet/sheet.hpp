#pragma once
// An answer sheet as read from TOML (Debian's libtomlplusplus-dev): every value flattened to its
// dotted key ("hw1.a.weights") with its type, value and line:column. What the keys must hold is
// the grader's business (grade.hpp); this file only reads.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "homework/sheet/lenient.hpp"

namespace attn::homework {

inline constexpr std::size_t kMaxSheetBytes = 1u << 20;   // 1 MiB: far beyond any real sheet

struct SheetValue {
    enum class Type { integer, floating, boolean, string, array, table, other };
    Type type = Type::other;
    std::string key;                  // dotted path; "" for array elements
    double number = 0;                // integer or floating
    std::int64_t integer = 0;         // integer
    bool boolean = false;
    std::string text;                 // string
    std::vector<SheetValue> elements; // array
    std::size_t line = 0, column = 0; // where the value starts (1-based)
    std::string raw;                  // integer / floating: the number as written ("0.45", "1e-3")
    std::string percent;              // written as a percentage ("9.66%", read as 0.0966; lenient.hpp), else ""
};

struct Sheet {
    std::string name;                 // as given on the command line, for messages
    // Every non-table value, in document order. Two values may share a dotted key: TOML allows
    // `"hw1.a.scores" = …` at the root next to `scores = …` in [hw1.a]; the grader reports both.
    std::vector<SheetValue> values;
    std::vector<SheetValue> tables;   // every table (also implicit ones: [hw1.a] makes hw1)
    // Lines the gate or toml++ refused, set aside so that the rest is graded (sheet/lenient.hpp),
    // and what was read leniently (full-width forms as ASCII), one note per line.
    std::vector<RefusedLine> refused;
    std::vector<std::string> notes;
    std::vector<PercentMark> percents;   // numbers written with a percent sign, read as fractions
};

const char* type_name(SheetValue::Type type);   // "an integer", "a string", "an array", …

// Parses TOML text, one typo costing one answer (sheet/lenient.hpp): full-width forms read as
// ASCII, and a statement that the gate or toml++ refuses set aside into `refused`. Throws
// attn::UsageError("--grade", "NAME:LINE:COLUMN: what") for text over kMaxSheetBytes, text that is
// not UTF-8, nesting past kMaxSheetDepth, more than kMaxRefusedLines refused statements (then the
// first one's error), or keys written twice past the retry budget (exit code 2).
Sheet parse_sheet(std::string_view text, const std::string& name);

// The name a sheet path is shown under: "<stdin>" for "-", otherwise the path itself.
std::string sheet_display_name(const std::string& path);

// Reads a sheet ("-" is standard input), at most kMaxSheetBytes + 1 bytes. A path must name a
// regular file: a FIFO, a device or a directory is refused without reading (or blocking on) it.
// Throws attn::IoError (exit code 3) when it cannot be opened or read, and what parse_sheet throws.
Sheet read_sheet(const std::string& path);

}  // namespace attn::homework
