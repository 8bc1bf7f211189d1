// The only file that includes toml++ (its header is heavy; the library is Debian's shared one).
#include "homework/sheet.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

#include <toml++/toml.h>

#include "core/errors.hpp"

namespace attn::homework {

namespace {

SheetValue convert(const toml::node& node, const std::string& key);

void flatten(const toml::table& table, const std::string& prefix, Sheet& sheet) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        if (const toml::table* sub = node.as_table()) {
            SheetValue t;
            t.type = SheetValue::Type::table;
            t.key = key;
            t.line = node.source().begin.line;
            t.column = node.source().begin.column;
            sheet.tables.push_back(t);
            flatten(*sub, key, sheet);
        } else {
            sheet.values.push_back(convert(node, key));
        }
    }
}

SheetValue convert(const toml::node& node, const std::string& key) {
    SheetValue v;
    v.key = key;
    v.line = node.source().begin.line;
    v.column = node.source().begin.column;
    if (const auto* i = node.as_integer()) {
        v.type = SheetValue::Type::integer;
        v.integer = i->get();
        v.number = static_cast<double>(v.integer);
    } else if (const auto* f = node.as_floating_point()) {
        v.type = SheetValue::Type::floating;
        v.number = f->get();
    } else if (const auto* b = node.as_boolean()) {
        v.type = SheetValue::Type::boolean;
        v.boolean = b->get();
    } else if (const auto* s = node.as_string()) {
        v.type = SheetValue::Type::string;
        v.text = s->get();
    } else if (const auto* a = node.as_array()) {
        v.type = SheetValue::Type::array;
        for (const toml::node& element : *a) v.elements.push_back(convert(element, ""));
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
    Sheet sheet;
    sheet.name = name;
    try {
        const toml::table root = toml::parse(text, std::string_view(name));
        flatten(root, "", sheet);
    } catch (const toml::parse_error& e) {
        const auto& at = e.source().begin;
        throw UsageError("--grade", name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                                        ": not valid TOML: " + std::string(e.description()));
    }
    return sheet;
}

Sheet read_sheet(const std::string& path) {
    const bool from_stdin = path == "-";
    const std::string name = from_stdin ? "<stdin>" : path;
    std::FILE* file = from_stdin ? stdin : std::fopen(path.c_str(), "rb");
    if (!file) throw IoError(path + ": cannot open: " + std::strerror(errno));
    struct stat info {};
    if (!from_stdin && fstat(fileno(file), &info) == 0 && S_ISDIR(info.st_mode)) {
        std::fclose(file);
        throw IoError(path + ": cannot read: it is a directory");
    }
    // Read at most one byte past the cap: enough to know the file is too large, whatever it is
    // (a FIFO, /dev/zero, a multi-gigabyte file) without reading all of it.
    std::string text;
    char buffer[65536];
    while (text.size() <= kMaxSheetBytes) {
        const std::size_t want = std::min(sizeof buffer, kMaxSheetBytes + 1 - text.size());
        const std::size_t got = std::fread(buffer, 1, want, file);
        text.append(buffer, got);
        if (got < want) break;
    }
    const bool failed = std::ferror(file) != 0;
    const int error = errno;
    if (!from_stdin) std::fclose(file);
    if (failed) throw IoError(path + ": cannot read: " + std::strerror(error));
    return parse_sheet(text, name);
}

}  // namespace attn::homework
