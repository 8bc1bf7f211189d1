// The roster reader: the host's CSV reader (libcsv, strict RFC 4180) splits fields and rows; this file checks the header,
// the columns, UTF-8, and the IDs.
#include "homework/class/roster.hpp"

#include <algorithm>
#include <exception>
#include <functional>
#include <cctype>
#include <memory>
#include <unordered_map>

#include <fmt/format.h>

#include "errors.hpp"
#include "homework/io/files.hpp"
#include "homework/io/cells.hpp"
#include "host/host.hpp"
#include "homework/trust/student_id.hpp"

namespace attn::homework {

namespace {

using Record = host::CsvRecord;

[[noreturn]] void refuse(const std::string& name, std::size_t line, const std::string& what) {
    throw UsageError("--grade-class", fmt::format("{}:{}: {}", name, line, what));
}

std::string lower(std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

bool has_control(const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c < 0x20 || c == 0x7f;
    });
}

}  // namespace

Roster parse_roster(std::string_view text, const std::string& name, const std::string& folder) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);   // a BOM (Excel writes one)
    enum Column { id, student_name, sheet, variant, columns };
    const char* const names[columns] = {"id", "name", "sheet", "variant"};
    std::size_t at[columns] = {};
    bool seen[columns] = {};
    std::size_t header_fields = 0;
    bool have_header = false;
    Roster roster;
    roster.name = name;
    std::unordered_map<std::string, std::size_t> first_line;   // normalised ID -> its line

    const auto read_header = [&](const Record& header) {
        for (std::size_t i = 0; i < header.fields.size(); ++i) {
            const std::string field = lower(header.fields[i]);
            const auto* found = std::find_if(std::begin(names), std::end(names), [&](const char* n) { return field == n; });
            if (found == std::end(names)) {
                refuse(name, header.line, fmt::format("unknown column \"{}\" (the columns are id, sheet, and optionally "
                                                      "name and variant)", valid_utf8(header.fields[i]).substr(0, 40)));
            }
            const auto column = static_cast<std::size_t>(found - std::begin(names));
            if (seen[column]) refuse(name, header.line, fmt::format("the column {} is given twice", names[column]));
            seen[column] = true;
            at[column] = i;
        }
        for (const Column required : {id, sheet}) {
            if (!seen[required]) refuse(name, header.line, fmt::format("no {} column (the header needs id and sheet)", names[required]));
        }
        header_fields = header.fields.size();
        have_header = true;
    };
    const auto read_row = [&](Record& record) {
        if (roster.rows.size() == kMaxRosterRows) {
            refuse(name, record.line,
                   fmt::format("more than {} students: split the roster into shards (one process each)", kMaxRosterRows));
        }
        if (record.fields.size() != header_fields) {
            refuse(name, record.line, fmt::format("{} fields, but the header has {}", record.fields.size(), header_fields));
        }
        for (const std::string& field : record.fields) {
            if (valid_utf8(field) != field) refuse(name, record.line, "not valid UTF-8");
        }
        RosterRow row;
        row.line = record.line;
        row.id = std::move(record.fields[at[id]]);
        // A name is shown, never hashed: a line break in it (a cell typed with Alt+Enter) becomes a
        // space, so that every class file has it on one line. An ID is hashed: one with a line break
        // is left as typed, for the ID rule to refuse (that student is not graded; the gradebook
        // shows it on one line).
        if (seen[student_name]) row.name = on_one_line(record.fields[at[student_name]]);
        if (seen[variant]) row.variant = std::move(record.fields[at[variant]]);
        const std::string& path = record.fields[at[sheet]];
        if (path.empty()) refuse(name, row.line, "the sheet path is empty");
        // `-` is standard input for --grade; in a roster it would wait on the terminal (issue 29, point 8).
        if (path == "-") refuse(name, row.line, "the sheet path is -, which would read standard input; give the sheet's file");
        if (has_control(path)) refuse(name, row.line, "the sheet path holds a control character");
        row.path = path[0] == '/' || folder.empty() ? path : folder + "/" + path;
        // A refused ID (or override) is that student's problem, not the roster's: they are not graded.
        try {
            row.normalised = normalise_student_id(row.id);
        } catch (const UsageError& e) {
            row.refusal = "id: " + std::string(e.what()).substr(e.flag.size() + 2);
        }
        try {
            if (!row.variant.empty()) normalise_student_id(row.variant);
        } catch (const UsageError& e) {
            if (row.refusal.empty()) row.refusal = "variant: " + std::string(e.what()).substr(e.flag.size() + 2);
        }
        if (!row.normalised.empty()) {
            const auto [it, fresh] = first_line.emplace(row.normalised, row.line);
            if (!fresh) {
                refuse(name, row.line, fmt::format("the ID \"{}\" is also on line {} (IDs are compared normalised: "
                                                   "spaces dropped, A-Z lower-cased)", row.normalised, it->second));
            }
        }
        if (row.normalised == row.id) row.id.clear();   // the same text once (RosterRow::typed_id)
        roster.rows.push_back(std::move(row));
    };
    host::csv_records(
        text, [&](Record& record) { have_header ? read_row(record) : read_header(record); },
        [&](std::size_t line, const std::string& what) { refuse(name, line, what); });
    if (!have_header) refuse(name, 1, "empty: expected a header row such as id,name,sheet");
    roster.rows.shrink_to_fit();
    return roster;
}

Roster read_roster(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : slash == 0 ? "/" : path.substr(0, slash);
    return parse_roster(read_small_file(path, kMaxRosterBytes, "--grade-class"), path, folder);
}

}  // namespace attn::homework
