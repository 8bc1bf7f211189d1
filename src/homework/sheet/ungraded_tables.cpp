// A sheet's answers that this run does not grade (ungraded_tables.hpp).
#include "homework/sheet/ungraded_tables.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "homework/problems/book_problems.hpp"

namespace attn::homework {

namespace {

// A path as one word of a shell command: as it is when plain, else in single quotes.
std::string shell_word(const std::string& path) {
    const bool plain = !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_./+-:@%,=", c) != nullptr;
    });
    if (plain) return path;
    std::string out = "'";
    for (const char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::optional<std::string> ungraded_tables(const Sheet& sheet, int selection, const std::string& path) {
    const auto answered = [&sheet](int problem) {
        const std::string table = problem_table(problem);
        const auto under = [&table](const std::string& key) {
            return key.compare(0, table.size(), table) == 0 && (key.size() == table.size() || key[table.size()] == '.');
        };
        return std::any_of(sheet.values.begin(), sheet.values.end(), [&](const SheetValue& v) { return under(v.key); }) ||
               std::any_of(sheet.refused.begin(), sheet.refused.end(), [&](const RefusedLine& r) { return under(r.key); });
    };
    std::vector<int> chapter, book;
    for (int p = 1; p <= 3; ++p) {
        if (!problem_selected(selection, p) && answered(p)) chapter.push_back(p);
    }
    for (const int p : kBookProblems) {
        if (!problem_selected(selection, p) && answered(p)) book.push_back(p);
    }
    if (chapter.empty() && book.empty()) return std::nullopt;
    std::string tables, commands;
    for (const std::vector<int>* family : {&chapter, &book}) {
        for (const int p : *family) tables += (tables.empty() ? "[" : ", [") + problem_table(p) + "]";
    }
    const std::string file = shell_word(path);
    if (!chapter.empty()) {
        commands = "`attn homework " + (chapter.size() == 1 ? std::to_string(chapter.front()) + " " : std::string()) +
                   "--grade " + file + "`";
    }
    if (!book.empty()) {
        commands += (commands.empty() ? "" : " and ") + std::string("`attn homework ") +
                    (book.size() == 1 ? book_number(book.front()) : std::string("book")) + " --grade " + file + "`";
    }
    return fmt::format("{}: the answers under {} are not graded in this run; {} {} (with this run's other flags)",
                       sheet.name, tables, chapter.size() + book.size() == 1 ? "it is graded by" : "they are graded by",
                       commands);
}

}  // namespace attn::homework
