// The only file that includes toml++ (its header is heavy; the library is Debian's shared one).
#include "homework/sheet/sheet.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <optional>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <random>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "errors.hpp"
#include "homework/io/cells.hpp"
#include "homework/io/encoding.hpp"
#include "homework/sheet/sheet_gate.hpp"

namespace attn::homework {

namespace {

// Byte offsets of the starts of lines, to cut a number's text out of the sheet by its source region.
class Lines {
  public:
    explicit Lines(std::string_view text) : text_(text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\n') starts_.push_back(i + 1);
        }
    }
    // toml++ counts columns in code points from 1. Regions are asked for in document order, so
    // the walk resumes from the last position on the same line: reading a sheet is linear in its
    // size even when one line holds a 1 MiB array (issue 17, point 3: restarting from the line's
    // start for every number made it quadratic, 50-80 s for 200 000 numbers on one line).
    std::size_t offset(std::size_t line, std::size_t column) const {
        if (line == 0 || line > starts_.size()) return text_.size();
        std::size_t i = starts_[line - 1], c = 1;
        if (line == cursor_line_ && column >= cursor_column_) {
            i = cursor_byte_;
            c = cursor_column_;
        }
        for (; c < column && i < text_.size() && text_[i] != '\n'; ++c) {
            do ++i;
            while (i < text_.size() && (static_cast<unsigned char>(text_[i]) & 0xC0) == 0x80);
        }
        cursor_line_ = line;
        cursor_column_ = c;
        cursor_byte_ = i;
        return i;
    }
    std::string slice(const toml::source_region& r) const {
        const std::size_t b = offset(r.begin.line, r.begin.column), e = offset(r.end.line, r.end.column);
        return b < e ? std::string(text_.substr(b, e - b)) : std::string();
    }

  private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
    mutable std::size_t cursor_line_ = 0, cursor_column_ = 1, cursor_byte_ = 0;
};

// ---- keys written twice ------------------------------------------------------------------------
// TOML forbids defining a key twice in any spelling (`a.b = 1` twice, `"b"` next to `b`, a
// `[table]` header after dotted keys made it, a dotted key into an inline table, …), and toml++
// refuses the whole document at the second one. A student's slip must cost that key, not the
// sheet (issue 17, point 7), so the second definition is renamed and the text parsed again: a
// marker (bare-key characters, drawn afresh, absent from the sheet) is put into one segment of the offending
// key, where toml++'s error points, which makes it a new key; flattening removes the marker, so
// both definitions come out under the same dotted key and the grader marks that key "written
// twice". Only toml++ reads TOML here: the edit touches the key at toml++'s error position and
// the blanks around it, nothing else. Each retry is one more parse, so retries are bounded by a
// budget of bytes parsed (kRetryBytes, twice the cap): at most three parses of a 1 MiB sheet.
constexpr std::size_t kRetryBytes = std::size_t{2} << 20;

bool bare_key_character(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}
bool blank(char c) { return c == ' ' || c == '\t'; }

// Where to put the marker so that a key starting (or ending) at `at` becomes another key: inside
// the quotes of a quoted segment, else at the bare segment itself; npos when `at` holds neither.
std::size_t segment_start_place(std::string_view text, std::size_t at) {
    if (at >= text.size()) return std::string_view::npos;
    if (text[at] == '"' || text[at] == '\'') return at + 1;
    return bare_key_character(text[at]) ? at : std::string_view::npos;
}

// The places, most likely first, where a marker turns the redefinition toml++ reported into a new
// key. toml++ 3.3.0 reports a key-value pair's last segment at the start of its value, a dotted
// key's clashing parent at that segment, and a table header at its '[' or just after the header
// (the end of its line, or the start of the next).
std::vector<std::size_t> marker_places(std::string_view text, const toml::parse_error& error) {
    const std::string_view what = error.description();
    std::vector<std::size_t> places;
    if (what.find("cannot redefine existing") == std::string_view::npos &&
        what.find("into existing inline table") == std::string_view::npos) {
        return places;
    }
    const Lines lines(text);
    const std::size_t line = error.source().begin.line, column = error.source().begin.column;
    const std::size_t at = lines.offset(line, column);
    if (what.find("table header") != std::string_view::npos) {
        for (const std::size_t l : {line, line - 1}) {
            if (l == 0 || (l != line && column != 1)) continue;
            std::size_t i = lines.offset(l, 1);
            while (i < text.size() && blank(text[i])) ++i;
            if (i >= text.size() || text[i] != '[') continue;
            ++i;
            if (i < text.size() && text[i] == '[') ++i;   // [[array of tables]]
            while (i < text.size() && blank(text[i])) ++i;
            if (const std::size_t p = segment_start_place(text, i); p != std::string_view::npos) places.push_back(p);
        }
    } else if (what.find("dotted key-value pair") != std::string_view::npos) {
        if (const std::size_t p = segment_start_place(text, at); p != std::string_view::npos) places.push_back(p);
    } else {
        // `key = value`: back from the value over the blanks, '=' and blanks to the key's last character.
        std::size_t i = at;
        while (i > 0 && blank(text[i - 1])) --i;
        if (i == 0 || text[i - 1] != '=') return places;
        --i;
        while (i > 0 && blank(text[i - 1])) --i;
        if (i == 0) return places;
        const char last = text[i - 1];
        if (last == '"' || last == '\'') {
            places.push_back(i - 1);   // before the closing quote
        } else if (bare_key_character(last)) {
            places.push_back(i);
        }
    }
    return places;
}

// The text toml++ finally accepted, with what was inserted where, to give positions and keys back
// in the student's own terms.
struct Accepted {
    toml::table root;
    std::string text;     // the sheet with its markers
    // Markers are `base` + a number + "-", each one new, so a key written k times costs k - 1
    // retries (one shared marker would clash with itself: k^2 / 2).
    std::string base;
    struct Insertion {
        std::size_t line, column, length;   // where a marker went, in the text as it was then
    };
    std::vector<Insertion> insertions;

    std::string next_marker() const { return base + std::to_string(insertions.size()) + "-"; }
    // A position in `text` as a position in the sheet the student wrote (markers are ASCII).
    void restore(std::size_t& line, std::size_t& column) const {
        for (auto it = insertions.rbegin(); it != insertions.rend(); ++it) {
            if (it->line == line && column > it->column) column -= it->length;
        }
    }
    std::string restore_key(std::string key) const {
        if (insertions.empty()) return key;
        for (std::size_t p; (p = key.find(base)) != std::string::npos;) {
            std::size_t e = p + base.size();
            while (e < key.size() && key[e] >= '0' && key[e] <= '9') ++e;
            key.erase(p, e + 1 - p);   // base, number and '-'
        }
        return key;
    }
};

[[noreturn]] void refuse(const Accepted& accepted, const toml::parse_error& e, const std::string& name,
                         const std::string& why) {
    std::size_t line = e.source().begin.line, column = e.source().begin.column;
    accepted.restore(line, column);
    throw UsageError("--grade", name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + why);
}

// One toml++ parse: the table, or the error (toml++ is built with exceptions, so no parse_result).
struct Attempt {
    std::optional<toml::table> root;
    std::optional<toml::parse_error> error;
};

Attempt attempt(const std::string& text, const std::string& name) {
    Attempt a;
    try {
        a.root = toml::parse(text, std::string_view(name));
    } catch (const toml::parse_error& e) {
        a.error = e;
    }
    return a;
}

// The 1-based line and code-point column of byte `place` (toml++'s way of counting).
Accepted::Insertion position_of(std::string_view text, std::size_t place) {
    const std::size_t start = place == 0 ? 0 : text.rfind('\n', place - 1) + 1;   // npos + 1 == 0
    Accepted::Insertion at{static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(place), '\n')) + 1, 1, 0};
    for (std::size_t i = start; i < place; ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++at.column;
    }
    return at;
}

Accepted parse_toml(std::string_view text, const std::string& name) {
    Accepted accepted;
    accepted.text = std::string(text);
    // Drawn afresh (as the expression points are), so no sheet can hold a key that turns into
    // another one when the markers are removed; and absent from the text.
    std::random_device device;
    while (accepted.base.empty() || text.find(accepted.base) != std::string_view::npos) {
        accepted.base = fmt::format("attn-twice-{:08x}{:08x}x", device(), device());
    }
    const std::size_t budget = kRetryBytes / std::max<std::size_t>(text.size(), 1);
    std::size_t retries = 0;
    Attempt result = attempt(accepted.text, name);
    while (result.error) {
        const toml::parse_error error = *result.error;
        bool moved = false;
        for (const std::size_t place : marker_places(accepted.text, error)) {
            if (++retries > budget) {
                refuse(accepted, error, name, fmt::format("more than {} keys written twice; give each answer once", budget));
            }
            const std::string marker = accepted.next_marker();
            std::string edited = accepted.text;
            edited.insert(place, marker);
            Attempt again = attempt(edited, name);
            if (again.error && again.error->description() == error.description() &&
                again.error->source().begin == error.source().begin) {
                continue;   // not the key toml++ meant: try the next place
            }
            Accepted::Insertion at = position_of(accepted.text, place);
            at.length = marker.size();
            accepted.insertions.push_back(at);
            accepted.text = std::move(edited);
            result = std::move(again);
            moved = true;
            break;
        }
        if (!moved) refuse(accepted, error, name, "not valid TOML: " + safe_text(std::string(error.description())));
    }
    accepted.root = std::move(*result.root);
    return accepted;
}

// Numbers written as percentages (lenient.hpp), by their place in the text as the student wrote it.
using Percents = std::map<std::pair<std::size_t, std::size_t>, std::string>;

SheetValue convert(const toml::node& node, const std::string& key, const Accepted& accepted, const Lines& lines,
                   const Percents& percents) {
    SheetValue v;
    v.key = accepted.restore_key(key);
    v.line = node.source().begin.line;
    v.column = node.source().begin.column;
    accepted.restore(v.line, v.column);
    if (node.is_number()) {
        const auto p = percents.find({v.line, v.column});
        if (p != percents.end()) v.percent = p->second;
    }
    if (const auto* i = node.as_integer()) {
        v.type = SheetValue::Type::integer;
        v.integer = i->get();
        v.number = static_cast<double>(v.integer);
        v.raw = lines.slice(node.source());
    } else if (const auto* f = node.as_floating_point()) {
        v.type = SheetValue::Type::floating;
        v.number = f->get();
        v.raw = lines.slice(node.source());
    } else if (const auto* b = node.as_boolean()) {
        v.type = SheetValue::Type::boolean;
        v.boolean = b->get();
    } else if (const auto* s = node.as_string()) {
        v.type = SheetValue::Type::string;
        v.text = s->get();
    } else if (const auto* a = node.as_array()) {
        v.type = SheetValue::Type::array;
        for (const toml::node& element : *a) v.elements.push_back(convert(element, "", accepted, lines, percents));
    } else if (node.is_table()) {
        v.type = SheetValue::Type::table;   // a table inside an array: never an answer
    } else {
        v.type = SheetValue::Type::other;   // dates and times
    }
    return v;
}

void flatten(const toml::table& table, const std::string& prefix, Sheet& sheet, const Accepted& accepted,
             const Lines& lines, const Percents& percents) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        if (const toml::table* sub = node.as_table()) {
            SheetValue t;
            t.type = SheetValue::Type::table;
            t.key = accepted.restore_key(key);
            t.line = node.source().begin.line;
            t.column = node.source().begin.column;
            accepted.restore(t.line, t.column);
            sheet.tables.push_back(t);
            flatten(*sub, key, sheet, accepted, lines, percents);
        } else {
            sheet.values.push_back(convert(node, key, accepted, lines, percents));
        }
    }
}

}  // namespace

const char* type_name(SheetValue::Type type) {
    switch (type) {
        case SheetValue::Type::integer: return "an integer";
        case SheetValue::Type::floating: return "a float";
        case SheetValue::Type::boolean: return "a boolean";
        case SheetValue::Type::string: return "a string";
        case SheetValue::Type::array: return "an array";
        case SheetValue::Type::table: return "a table";
        case SheetValue::Type::other: break;
    }
    return "a date or time";
}

// Line `n` (1-based) of `text`, without its newline.
static std::string_view lines_of_text(std::string_view text, std::size_t n) {
    std::size_t start = 0;
    for (std::size_t i = 1; i < n && start != std::string_view::npos; ++i) {
        start = text.find('\n', start);
        if (start != std::string_view::npos) ++start;
    }
    if (start == std::string_view::npos || start > text.size()) return {};
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

// A refusal of the gate or toml++ that names a line ("--grade: NAME:LINE:COLUMN: why"), unless it
// is about the whole sheet (its encoding, its nesting, keys written twice past the budget).
struct LineRefusal {
    std::size_t line = 0, column = 0;
    std::string why;
};
static std::optional<LineRefusal> line_refusal(const UsageError& e, const std::string& name) {
    const std::string what = e.what();
    const std::string prefix = "--grade: " + name + ":";
    if (what.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    char* end = nullptr;
    const char* at = what.c_str() + prefix.size();
    LineRefusal r;
    r.line = std::strtoul(at, &end, 10);
    if (end == at || *end != ':') return std::nullopt;
    at = end + 1;
    r.column = std::strtoul(at, &end, 10);
    if (end == at || std::string_view(end).substr(0, 2) != ": ") return std::nullopt;
    r.why = end + 2;
    for (const char* whole : {"not UTF-8", "nested ", "keys written twice"}) {
        if (r.why.find(whole) != std::string::npos) return std::nullopt;
    }
    return r;
}

Sheet parse_sheet(std::string_view text, const std::string& name) {
    if (text.size() > kMaxSheetBytes) {
        throw UsageError("--grade", name + ": larger than 1 MiB; an answer sheet is a few hundred bytes");
    }
    Sheet sheet;
    sheet.name = name;
    // Another encoding than UTF-8 (UTF-16 with its byte order mark, Big5): read after one note
    // (io/encoding.hpp), or left for the gate to refuse with how to save the sheet as UTF-8.
    const Decoded decoded = sheet_as_utf8(text);
    if (decoded.text.size() > kMaxSheetBytes) {
        throw UsageError("--grade", name + ": larger than 1 MiB as UTF-8; an answer sheet is a few hundred bytes");
    }
    if (!decoded.note.empty()) sheet.notes.push_back(decoded.note);
    std::string current = percent_forms(
        exponent_forms(header_forms(ascii_forms(decoded.text, sheet.notes), sheet.notes), sheet.notes), sheet.percents);
    Percents percents;
    for (const PercentMark& m : sheet.percents) percents[{m.line, m.column}] = m.written;
    std::optional<UsageError> first;
    while (true) {
        try {
            check_sheet_text(current, name);
            const Accepted accepted = parse_toml(current, name);
            flatten(accepted.root, "", sheet, accepted, Lines(accepted.text), percents);
            return sheet;
        } catch (const UsageError& e) {
            const std::optional<LineRefusal> r = line_refusal(e, name);
            if (!first) first = e;
            if (!r || sheet.refused.size() >= kMaxRefusedLines) throw *first;
            // The statement holding that line is set aside; its key is wrong with this reason. A
            // table header that cannot be read (header_forms mends the usual slips) takes its
            // table with it: its keys are not graded, and never re-filed under the table before.
            LineSpan span = statement_at(current, r->line);
            const std::string line_text = std::string(lines_of_text(current, span.first));
            const std::string advice = spelling_advice(line_text);
            std::string why = advice.empty() ? r->why : r->why + " (" + advice + ")";
            if (starts_header(line_text) && span.first == r->line) {
                span = table_at(current, r->line);
                if (span.last > span.first) {
                    why += fmt::format("; a table header: lines {} to {}, its table, are set aside and not graded",
                                       span.first, span.last);
                }
            }
            sheet.refused.push_back({r->line, r->column, key_at(current, span.first), why});
            const std::string before = current;
            current = without_lines(current, span);
            if (current == before) throw *first;   // nothing set aside: no way on
        }
    }
}

std::string sheet_display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

Sheet read_sheet(const std::string& path) {
    const bool from_stdin = path == "-";
    const std::string name = sheet_display_name(path);
    // O_NONBLOCK: opening a FIFO with no writer must not wait; regular files ignore the flag.
    // O_NOFOLLOW: a sheet is the student's file itself, never a symbolic link, which a student can
    // commit pointing at any file the grader may read (the secret, a checkout's .git/config with
    // its token, /proc/self/environ) to see it in the error messages.
    const int fd = from_stdin ? STDIN_FILENO
                              : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0 && errno == ELOOP) {
        throw IoError(path + ": cannot read: a symbolic link; give the sheet itself (a link could name any file)");
    }
    if (fd < 0) throw IoError(path + ": cannot open: " + std::strerror(errno));
    struct stat info {};
    if (!from_stdin) {
        if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
            const bool dir = S_ISDIR(info.st_mode);
            ::close(fd);
            throw IoError(path + (dir ? ": cannot read: it is a directory"
                                      : ": cannot read: not a regular file (a FIFO or device); give a file, "
                                        "or - for standard input"));
        }
        // /proc and /sys files pass for regular ones: a sheet that is a link to /proc/self/environ
        // would show a grader's environment (the course secret) in its error messages.
        constexpr long kProcMagic = 0x9fa0, kSysfsMagic = 0x62656572;
        struct statfs fs {};
        if (::fstatfs(fd, &fs) == 0 && (fs.f_type == kProcMagic || fs.f_type == kSysfsMagic)) {
            ::close(fd);
            throw IoError(path + ": cannot read: a /proc or /sys file, not an answer sheet");
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    // Read at most one byte past the cap: enough to know the input is too large, whatever it is
    // (a pipe from /dev/zero, a multi-gigabyte file) without reading all of it.
    std::string text;
    char buffer[65536];
    int error = 0;
    while (text.size() <= kMaxSheetBytes) {
        const std::size_t want = std::min(sizeof buffer, kMaxSheetBytes + 1 - text.size());
        const ssize_t got = ::read(fd, buffer, want);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            error = errno;
            break;
        }
        if (got == 0) break;
        text.append(buffer, static_cast<std::size_t>(got));
    }
    if (!from_stdin) ::close(fd);
    if (error) throw IoError(path + ": cannot read: " + std::strerror(error));
    return parse_sheet(text, name);
}

}  // namespace attn::homework
