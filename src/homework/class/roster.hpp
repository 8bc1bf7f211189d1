#pragma once
// The class roster of `attn homework --grade-class ROSTER`: a CSV file (RFC 4180, UTF-8, a header
// row; read with Debian's libcsv in strict mode), one row per student:
//
//   id,name,sheet,variant
//   s001,"Lee, Ann",submissions/s001/answers.toml,
//   s002,Bo Chen,submissions/s002/answers.toml,s002-resit
//
// `id` and `sheet` are required, `name` and `variant` (a teacher's override: another ID whose
// numbers this student gets) optional, in any order; column names are case-insensitive and any
// other column is refused, so that a misspelt `varient` never passes silently. A sheet path is
// relative to the roster's folder (an absolute path is taken as it is). IDs are normalised as
// --variant normalises them; two rows with the same normalised ID refuse the whole roster, naming
// both lines. An ID the ID rule refuses is not a roster error: that student is not graded and the
// gradebook says why. Unquoted fields lose surrounding spaces and tabs (libcsv's rule); quoted
// fields keep them. A UTF-8 byte-order mark is skipped; blank lines are ignored. A name's line
// breaks become spaces (on_one_line, io/cells.hpp): every class file has a student on one line.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace attn::homework {

inline constexpr std::size_t kMaxRosterBytes = 16u << 20;   // 16 MiB: ~200 000 rows of 80 bytes
inline constexpr std::size_t kMaxRosterRows = 100000;       // beyond: shard the roster (docs)

struct RosterRow {
    std::size_t line = 0;      // the line the row starts on (the header is line 1, or later)
    std::string id;            // as typed; "" when it is already its normalised form (memory)
    std::string normalised;    // the normalised ID; "" when the ID rule refuses it
    std::string refusal;       // why the ID (or the override) is refused: the student is not graded
    std::string name;
    std::string path;          // the sheet column resolved against the roster's folder
    std::string variant;       // the override as typed; "" none
    // The ID as typed.
    const std::string& typed_id() const { return id.empty() ? normalised : id; }
};

struct Roster {
    std::string name;          // the roster's path, for messages
    std::vector<RosterRow> rows;
};

// Parses roster text; `folder` is what sheet paths are relative to ("" the current directory).
// Throws attn::UsageError("--grade-class", "NAME:LINE: …") for anything that is not a roster
// (exit 2): malformed CSV, invalid UTF-8, a missing or unknown column, a row with another number of
// fields than the header, an empty sheet path, a duplicate normalised ID, too many rows.
Roster parse_roster(std::string_view text, const std::string& name, const std::string& folder);

// Reads and parses the roster at `path` (a regular file of at most kMaxRosterBytes; exit 3 when it
// cannot be read).
Roster read_roster(const std::string& path);

}  // namespace attn::homework
