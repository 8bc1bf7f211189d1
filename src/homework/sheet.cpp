// The only file that includes toml++ (its header is heavy; the library is Debian's shared one).
#include "homework/sheet.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <toml++/toml.h>

#include "errors.hpp"
#include "homework/reports/escape.hpp"
#include "homework/sheet_gate.hpp"

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

SheetValue convert(const toml::node& node, const std::string& key, const Lines& lines);

void flatten(const toml::table& table, const std::string& prefix, Sheet& sheet, const Lines& lines) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        if (const toml::table* sub = node.as_table()) {
            SheetValue t;
            t.type = SheetValue::Type::table;
            t.key = key;
            t.line = node.source().begin.line;
            t.column = node.source().begin.column;
            sheet.tables.push_back(t);
            flatten(*sub, key, sheet, lines);
        } else {
            sheet.values.push_back(convert(node, key, lines));
        }
    }
}

SheetValue convert(const toml::node& node, const std::string& key, const Lines& lines) {
    SheetValue v;
    v.key = key;
    v.line = node.source().begin.line;
    v.column = node.source().begin.column;
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
        for (const toml::node& element : *a) v.elements.push_back(convert(element, "", lines));
    } else if (node.is_table()) {
        v.type = SheetValue::Type::table;   // a table inside an array: never an answer
    } else {
        v.type = SheetValue::Type::other;   // dates and times
    }
    return v;
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

Sheet parse_sheet(std::string_view text, const std::string& name) {
    if (text.size() > kMaxSheetBytes) {
        throw UsageError("--grade", name + ": larger than 1 MiB; an answer sheet is a few hundred bytes");
    }
    check_sheet_text(text, name);
    Sheet sheet;
    sheet.name = name;
    try {
        const toml::table root = toml::parse(text, std::string_view(name));
        flatten(root, "", sheet, Lines(text));
    } catch (const toml::parse_error& e) {
        const auto& at = e.source().begin;
        throw UsageError("--grade", name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                                        ": not valid TOML: " + safe_text(std::string(e.description())));
    }
    return sheet;
}

std::string sheet_display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

Sheet read_sheet(const std::string& path) {
    const bool from_stdin = path == "-";
    const std::string name = sheet_display_name(path);
    // O_NONBLOCK: opening a FIFO with no writer must not wait; regular files ignore the flag.
    const int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
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
