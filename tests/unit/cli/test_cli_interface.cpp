// One source of truth for the interface: every flag of every command, every top-level flag,
// every environment variable and every exit code, as declared (src/cli/commands/,
// src/cli/interface.hpp), is in the man page, in each shell's completions and in README.md's
// tables; README's tables name nothing that is not declared; and every "ATTN_*" name the sources
// read is declared. A flag, a variable or a code added to the code alone fails here.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/completion_script.hpp"
#include "cli/interface.hpp"
#include "cli/man_page.hpp"

using namespace attn::cli;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// man(7) text as typed: \- is -, \fB \fI \fR and \& vanish.
std::string plain_roff(std::string s) {
    s = std::regex_replace(s, std::regex(R"(\\f[BIR])"), "");
    s = std::regex_replace(s, std::regex(R"(\\&)"), "");
    return std::regex_replace(s, std::regex(R"(\\-)"), "-");
}

// The text between `start` and the next `end` (or the end).
std::string section(const std::string& text, const std::string& start, const std::string& end) {
    const std::size_t a = text.find(start);
    if (a == std::string::npos) return "";
    const std::size_t b = text.find(end, a + start.size());
    return text.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

// README's table under `heading`: each row's cells, the header and the rule left out.
std::vector<std::vector<std::string>> readme_table(const std::string& readme, const std::string& heading) {
    const std::string part = section(readme, heading, "\n## ");
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(part);
    std::string line;
    bool header = true;
    while (std::getline(lines, line)) {
        if (line.rfind("|", 0) != 0) {
            if (!rows.empty() || !header) break;   // the first table only
            continue;
        }
        if (header) {   // the header row, then the rule
            header = false;
            std::getline(lines, line);
            continue;
        }
        std::vector<std::string> cells;
        std::string cell;
        for (std::size_t i = 1; i < line.size(); ++i) {
            if (line[i] == '|' && line[i - 1] != '\\') {
                cells.push_back(cell.substr(cell.find_first_not_of(' ') == std::string::npos ? 0 : cell.find_first_not_of(' ')));
                while (!cells.back().empty() && cells.back().back() == ' ') cells.back().pop_back();
                cell.clear();
            } else {
                cell += line[i];
            }
        }
        rows.push_back(cells);
    }
    return rows;
}

std::vector<std::string> long_names(const TopFlag& f) {
    std::vector<std::string> out;
    std::smatch m;
    std::string rest = f.names;
    while (std::regex_search(rest, m, std::regex(R"(--[a-z-]+)"))) {
        out.push_back(m.str());
        rest = m.suffix();
    }
    return out;
}

// The bash script's branch for `name`: from "    NAME)" to the next command's branch.
std::string bash_part(const std::string& script, const std::string& name);

const std::vector<Command>& commands() {
    static const std::vector<Command> c = all_commands();
    return c;
}

std::string bash_part(const std::string& script, const std::string& name) {
    const std::size_t start = script.find("\n    " + name + ")\n");
    if (start == std::string::npos) return "";
    std::size_t end = script.find("\n    esac\n}", start);
    for (const Command& c : commands()) {
        const std::size_t other = script.find("\n    " + c.name + ")\n", start + 1);
        if (c.name != name && other != std::string::npos && other < end) end = other;
    }
    return script.substr(start, end - start);
}

}  // namespace

TEST_CASE("interface: the man page has every flag, variable and exit code") {
    const std::string page = plain_roff(man_page(commands(), "0.0.0", "2026-01-01"));
    const std::string options = section(page, "\n.SH OPTIONS", "\n.SH ");
    REQUIRE(!options.empty());
    for (const TopFlag& f : top_flags()) {
        for (const std::string& name : long_names(f)) CHECK_MESSAGE(options.find(name) != std::string::npos, name);
    }
    for (const Command& c : commands()) {
        const std::string sub = section(options, ".SS \"attn " + c.name + "\"", "\n.SS ");
        REQUIRE_MESSAGE(!sub.empty(), "a subsection for attn " << c.name);
        for (const Flag& f : c.flags) {
            std::string tag = ".TP\n" + f.name;
            if (f.kind == Flag::Kind::value) tag += " " + f.type_name;
            CHECK_MESSAGE(sub.find(tag + "\n") != std::string::npos, "attn " << c.name << " " << f.name);
        }
        CHECK_MESSAGE(sub.find(".TP\n-h, --help\n") != std::string::npos, "attn " << c.name << " -h");
    }
    const std::string status = section(page, "\n.SH \"EXIT STATUS\"", "\n.SH ");
    for (const ExitStatus& s : exit_statuses())
        CHECK_MESSAGE(status.find(".TP\n" + std::to_string(s.code) + "\n") != std::string::npos, "exit " << s.code);
    const std::string env = section(page, "\n.SH ENVIRONMENT", "\n.SH ");
    for (const EnvironmentVariable& v : environment())
        CHECK_MESSAGE(env.find(".B " + v.name + "\n") != std::string::npos, v.name);
    const std::string shown = section(page, "\n.SH EXAMPLES", "\n.SH ");
    for (const Example& e : examples()) CHECK_MESSAGE(shown.find(e.command) != std::string::npos, e.command);
}

TEST_CASE("interface: each shell completes every flag, and paths after every path flag") {
    for (const std::string& shell : kCompletionShells) {
        const std::string script = completion_script(shell, commands());
        for (const TopFlag& f : top_flags()) {
            for (const std::string& name : long_names(f)) {
                const std::string needle = shell == "fish" ? "-l " + name.substr(2) + "\n" : name;
                CHECK_MESSAGE(script.find(needle) != std::string::npos, shell << ": " << name);
            }
        }
        for (const Command& c : commands()) {
            // the command's own part of the script
            const std::string part = shell == "bash" ? bash_part(script, c.name)
                                     : shell == "zsh" ? section(script, "\n    " + c.name + ")\n", ";;\n")
                                                      : script;
            REQUIRE_MESSAGE(!part.empty(), shell << ": attn " << c.name);
            for (const Flag& f : c.flags) {
                if (f.kind == Flag::Kind::positional) {
                    for (const std::string& choice : f.choices)
                        CHECK_MESSAGE(part.find(choice) != std::string::npos, shell << ": attn " << c.name << " " << choice);
                    continue;
                }
                const bool path = f.type_name.find("FILE") != std::string::npos ||
                                  f.type_name.find("DIR") != std::string::npos || f.type_name == "ROSTER";
                CHECK_MESSAGE(path == (f.completes_files || f.completes_folders),
                              "attn " << c.name << " " << f.name << " " << f.type_name << ": paths offered");
                std::string needle;
                if (shell == "bash") {
                    needle = "            " + f.name + ")";
                    if (f.kind == Flag::Kind::value && path) needle += std::string(" _attn_paths ") + (f.completes_folders ? "-d" : "-f");
                    if (f.kind == Flag::Kind::toggle) needle = f.name;
                } else if (shell == "zsh") {
                    needle = "'" + f.name + "[";
                    const std::size_t at = part.find(needle);
                    if (path && at != std::string::npos) {   // the flag's spec ends in its path action
                        const std::string spec = part.substr(at, part.find('\n', at) - at);
                        const std::string action = ":" + f.type_name + ":" + (f.completes_folders ? "_files -/" : "_files") + "'";
                        CHECK_MESSAGE(spec.find(action) != std::string::npos, "zsh: attn " << c.name << " " << f.name << " " << spec);
                    }
                } else {
                    needle = "__fish_seen_subcommand_from " + c.name + "' -l " + f.name.substr(2);
                    if (path) needle += f.completes_folders ? " -x -a '(__fish_complete_directories" : " -r -F";
                    if (!f.choices_after.empty()) needle = "-l " + f.name.substr(2) + " -x -a";
                }
                CHECK_MESSAGE(part.find(needle) != std::string::npos, shell << ": attn " << c.name << " " << f.name << " (" << needle << ")");
            }
        }
    }
}

TEST_CASE("interface: README's tables are the declared commands, shared flags, variables and exit codes") {
    const std::string readme = read(std::string(ATTN_SOURCE_DIR) + "/README.md");
    REQUIRE(!readme.empty());

    std::set<std::string> declared, listed;
    for (const Command& c : commands()) declared.insert("`attn " + c.name + "`");
    for (const auto& row : readme_table(readme, "\n## Subcommands")) listed.insert(row.at(0));
    CHECK(listed == declared);

    declared.clear();
    listed.clear();
    for (const ExitStatus& s : exit_statuses()) declared.insert(std::to_string(s.code));
    for (const auto& row : readme_table(readme, "\n## Exit codes and errors")) listed.insert(row.at(0));
    CHECK(listed == declared);

    declared.clear();
    listed.clear();
    for (const EnvironmentVariable& v : environment()) declared.insert("`" + v.name + "`");
    for (const auto& row : readme_table(readme, "\n## Environment")) listed.insert(row.at(0));
    CHECK(listed == declared);

    // The flags several commands share: each row names exactly the commands that have the flag.
    const auto shared = readme_table(readme, "\n## Flags several commands share");
    REQUIRE(!shared.empty());
    for (const auto& row : shared) {
        std::set<std::string> named;
        std::istringstream words(row.at(1));
        std::string w;
        while (std::getline(words, w, ',')) {
            w = w.substr(w.find_first_not_of(' '));
            named.insert(w.substr(1, w.size() - 2));   // `mask`
        }
        const std::string flags = row.at(0);
        static const std::regex flag_name("--[a-z-]+");
        for (std::sregex_iterator m(flags.begin(), flags.end(), flag_name), end; m != end; ++m) {
            std::set<std::string> have;
            for (const Command& c : commands()) {
                for (const Flag& f : c.flags) {
                    if (f.name == m->str()) have.insert(c.name);
                }
            }
            CHECK_MESSAGE(named == have, m->str());
        }
    }
}

TEST_CASE("interface: the ATTN_* variables declared are those the sources read") {
    std::set<std::string> declared;
    for (const EnvironmentVariable& v : environment()) declared.insert(v.name);
    const std::regex quoted(R"re("(ATTN_[A-Z0-9_]+)")re");
    std::set<std::string> read_names;
    for (const char* dir : {"src", "experiments"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(ATTN_SOURCE_DIR) + "/" + dir)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".cpp" && ext != ".hpp") continue;
            const std::string text = read(entry.path().string());
            for (std::sregex_iterator m(text.begin(), text.end(), quoted), end; m != end; ++m) read_names.insert((*m)[1]);
        }
    }
    CHECK(read_names.size() >= 3);
    for (const std::string& name : read_names) CHECK_MESSAGE(declared.count(name) == 1, name << " is read but not declared");
    for (const std::string& name : declared) {   // and none declared that nothing reads any more
        if (name.rfind("ATTN_", 0) == 0) CHECK_MESSAGE(read_names.count(name) == 1, name << " is declared but never read");
    }
}
