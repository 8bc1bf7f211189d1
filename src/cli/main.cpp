// attn: glue only. The one file that includes CLI11: it turns each command's flags (data, see
// src/cli/commands/) into CLI11 options, parses, runs the chosen command, and is the one catch
// site that turns errors into one line and an exit code (the codes: cli/interface.hpp).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <list>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/interface.hpp"
#include "cli/man_page.hpp"
#include "cli/output.hpp"
#include "cli/process.hpp"
#include "cli/usage.hpp"
#include "cpu/cpu_features.hpp"
#include "errors.hpp"
#include "text/neutralise.hpp"
#include "text/utf8.hpp"

namespace {

using attn::cli::Command;
using attn::cli::Flag;

// Texts as CLI11 collected them, handed to the chosen command once CLI11 is done; the command
// parses them into their types in flag order (so that a bad value is reported with its own
// flag's message, not CLI11's).
struct Given {
    const Command* command;
    std::vector<std::string> texts;
    bool toggled = false;   // a toggle flag was given
    bool extras = false;    // a single positional: the texts CLI11 left over are added to it
};

std::string help_line(const Flag& f) {
    return f.default_text.empty() ? f.help : f.help + " (default " + f.default_text + ")";
}

void add_command(CLI::App& app, const Command& command, std::list<Given>& given, std::size_t width) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    // CLI11 2.4 (Debian 13) counts a one-letter long flag as its short name: multihead's --h
    // (the chapter's head count H) then clashes with -h. CLI11's help flag is --help alone on
    // every command; `-h` is turned into --help before CLI11 reads the line (help_words).
    sub->set_help_flag("--help", "Print this help message and exit (-h too)");
    sub->footer(attn::cli::reflow_paragraphs(command.footer, width) + "\n");
    for (const Flag& f : command.flags) {
        given.push_back({&command, {}});
        std::vector<std::string>& texts = given.back().texts;
        switch (f.kind) {
            case Flag::Kind::value:
                sub->add_option_function<std::string>(
                       f.name, [&texts](const std::string& v) { texts = {v}; }, help_line(f))
                    ->type_name(f.type_name);
                break;
            case Flag::Kind::positional:
                if (f.single) {   // one value; any further ones are left in remaining() for the command
                    sub->add_option_function<std::string>(
                        f.name, [&texts](const std::string& v) { texts = {v}; }, help_line(f))->type_name("");
                    sub->allow_extras();
                    given.back().extras = true;
                } else {
                    sub->add_option(f.name, texts, help_line(f))->type_name(f.type_name);
                }
                break;
            case Flag::Kind::toggle:
                sub->add_flag(f.name, given.back().toggled, f.help);
                break;
        }
    }
}

// CLI11 or a flag's own parse refused the command line before `run`: the command's clean-up
// (Command::refused), whose failure must not hide the refusal itself.
void refused(const Command& command, int argc, char** argv, const std::string& error) {
    if (!command.refused) return;
    try {
        command.refused(std::vector<std::string>(argv + 2, argv + argc), error);
    } catch (...) {
    }
}

// One line, whatever the message quotes: control characters from a flag's value (a newline in
// `--n $'1\n2'`) are shown escaped, so an error is always exactly one line; so is each byte that
// starts no well-formed UTF-8 sequence (`--n $'\xff'`), so the line is valid UTF-8.
std::string one_line(const char* what) {
    const std::string_view text(what);
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = attn::text::decode(text, i).length;
        if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f || length == 0) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += text.substr(i, length);
            i += length;
            continue;
        }
        ++i;
    }
    return out;
}

// Errors quote what a user or a student wrote (a sheet's text, a flag's value): no GitHub workflow
// command (`##[error]…`) in it reaches a CI log as one (text/neutralise.hpp).
int fail(const char* kind, const char* what, int code) {
    std::fprintf(stderr, "attn: %s: %s\n", kind, attn::text::ci_log_safe(one_line(what)).c_str());
    return code;
}

// The first text after the subcommand that looks like a flag ("--seeed", "--seeed=3") and is none
// of the command's, with the nearest of its flags: "unknown flag '--seeed': did you mean --seed?".
// "" when every "--" text is a flag of the command (CLI11's own message then stands).
std::string unknown_flag(const Command& command, int argc, char** argv) {
    std::vector<std::string> names = {"--help"};
    for (const Flag& f : command.flags) {
        if (f.kind != Flag::Kind::positional) names.push_back(f.name);
    }
    for (int i = 2; i < argc; ++i) {
        std::string word = argv[i];
        if (word == "--") break;   // the rest are values
        if (word.rfind("--", 0) != 0) continue;
        word = word.substr(0, word.find('='));
        if (std::find(names.begin(), names.end(), word) != names.end()) {
            const auto f = std::find_if(command.flags.begin(), command.flags.end(),
                                        [&](const Flag& g) { return g.name == word; });
            if (f != command.flags.end() && f->kind == Flag::Kind::value && std::string(argv[i]).find('=') == std::string::npos) ++i;
            continue;
        }
        const std::string hint = attn::cli::did_you_mean(word, names);
        return "unknown flag '" + word + "'" + (hint.empty() ? "" : ": " + hint);
    }
    return "";
}

// The words after the subcommand, each "-h" that is not a flag's value made "--help": `-h` is help
// on every command, whatever CLI11 makes of a one-letter long flag such as multihead's --h.
void help_words(const Command& command, std::vector<char*>& args) {
    static char help_flag[] = "--help";
    for (std::size_t i = 2; i < args.size(); ++i) {
        const std::string word = args[i];
        if (word == "--") break;   // the rest are values
        if (word == "-h") {
            args[i] = help_flag;
            continue;
        }
        const auto f = std::find_if(command.flags.begin(), command.flags.end(),
                                    [&](const Flag& g) { return g.name == word; });
        if (f != command.flags.end() && f->kind == Flag::Kind::value) ++i;   // its value, whatever it is
    }
}

int run(int argc, char** argv) {
    // `attn --version` alone needs none of the commands (building them and wrapping their help
    // was most of its start-up): the same line CLI11's version flag prints, at once.
    const std::string version = std::string("attn ") + ATTN_VERSION;
    if (argc == 2 && (std::string(argv[1]) == "--version" || std::string(argv[1]) == "-V")) {
        attn::cli::write_stdout(version + "\n");
        return attn::cli::kExitOk;
    }
    // `attn --man`: the manual page, from the same data as the help and the completions.
    if (argc == 2 && std::string(argv[1]) == "--man") {
        attn::cli::write_stdout(attn::cli::man_page(attn::cli::all_commands(), ATTN_VERSION, attn::cli::man_page_date()));
        return attn::cli::kExitOk;
    }
    // `attn help [COMMAND]` is `attn [COMMAND] --help`, as with git and cargo.
    std::vector<char*> args(argv, argv + argc);
    static char help_flag[] = "--help";
    if (argc >= 2 && std::string(argv[1]) == "help") {
        if (argc > 3) return fail("error", "help takes at most one COMMAND (see attn --help)", attn::cli::kExitUsage);
        args.erase(args.begin() + 1);
        args.push_back(help_flag);
        argc = static_cast<int>(args.size());
        argv = args.data();
    }
    // Named "attn", so that the usage line says `attn`, not the path attn was run by.
    CLI::App app{attn::cli::description(), "attn"};
    app.set_version_flag("-V,--version", version);
    app.add_flag("--man", "Print the manual page (roff: attn --man | man -l -)");   // answered above
    app.require_subcommand(0, 1);
    const std::vector<std::string> names = attn::cli::command_names();
    // Only the named subcommand and its options are built (building every command and its CLI11
    // options was most of start-up's own work); plain `attn` and `attn --help` build them all.
    const bool named = argc > 1 && argv[1][0] != '-';
    const std::vector<Command> commands =
        named ? attn::cli::named_command(argv[1]) : attn::cli::all_commands();
    std::list<Given> given;  // a list: add_command keeps references into it
    const std::size_t width = attn::cli::help_width();
    for (const Command& c : commands) {
        if (!named || c.name == argv[1]) add_command(app, c, given, width);
    }
    if (named && commands.size() == 1) {
        help_words(commands.front(), args);
        argv = args.data();
    }

    // Plain `attn` is a usage error with a short usage on stderr, as with git and ripgrep.
    if (argc <= 1) {
        std::fputs(attn::cli::short_usage(names, 80).c_str(), stderr);
        return attn::cli::kExitUsage;
    }
    // Errors inside a subcommand point at that subcommand's help.
    std::string help_hint = "attn --help";
    if (argv[1][0] != '-') {
        if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
            const std::string hint = attn::cli::did_you_mean(argv[1], names);
            std::string list;
            for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
            const std::string what = std::string("unknown subcommand '") + argv[1] + "'" +
                                     (hint.empty() ? "" : ": " + hint) + " (choose from " + list + ")";
            return fail("error", what.c_str(), attn::cli::kExitUsage);
        }
        help_hint = std::string("attn ") + argv[1] + " --help";
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {   // the chosen subcommand's help (or the top one's)
        attn::cli::write_stdout(attn::cli::wrap_help(app.help(), width));
        return attn::cli::kExitOk;
    } catch (const CLI::CallForAllHelp&) {
        attn::cli::write_stdout(
            attn::cli::wrap_help(app.help("", CLI::AppFormatMode::All), width));
        return attn::cli::kExitOk;
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        if (named && commands.size() == 1) {
            if (const std::string unknown = unknown_flag(commands.front(), argc, argv); !unknown.empty()) what = unknown;
            refused(commands.front(), argc, argv, what);
        }
        what += " (see " + help_hint + ")";
        return fail("error", what.c_str(), attn::cli::kExitUsage);
    }
    const std::vector<CLI::App*> chosen = app.get_subcommands();
    if (chosen.empty()) {  // only top-level flags and no subcommand: the short usage
        std::fputs(attn::cli::short_usage(names, 80).c_str(), stderr);
        return attn::cli::kExitUsage;
    }
    for (const Command& c : commands) {
        if (c.name != chosen.front()->get_name()) continue;
        attn::cli::GivenTexts texts;   // the command's flags in order
        for (const Given& g : given) {
            if (g.command != &c) continue;
            texts.push_back(g.toggled ? std::vector<std::string>{""} : g.texts);
            if (g.extras) {
                for (const std::string& extra : chosen.front()->remaining()) texts.back().push_back(extra);
            }
        }
        try {
            return c.run(texts);
        } catch (const attn::cli::FlagTextError& e) {
            if (named) refused(c, argc, argv, e.what());
            throw;
        }
    }
    return attn::cli::kExitOk;
}

}  // namespace

static int run_and_report(int argc, char** argv) {
    try {
        // ATTN_CPU is read here, before any command: a bad value is refused at once, exit 2,
        // whatever the command would have computed (src/cpu/cpu_features.hpp).
        (void)attn::cpu::level();
        const int code = run(argc, argv);
        attn::cli::finish_stdout();
        return code;
    } catch (const attn::UsageError& e) {
        return fail("error", e.what(), attn::cli::kExitUsage);
    } catch (const attn::IoError& e) {
        return fail("error", e.what(), attn::cli::kExitFiles);
    } catch (const std::bad_alloc&) {
        return fail("error", "out of memory", attn::cli::kExitUsage);
    } catch (const std::exception& e) {
        return fail("internal error", e.what(), attn::cli::kExitInternal);
    } catch (...) {
        return fail("internal error", "an unknown exception", attn::cli::kExitInternal);
    }
}

int main(int argc, char** argv) {
    attn::cli::set_signal_policy();
    return attn::cli::end_process(run_and_report(argc, argv));
}
