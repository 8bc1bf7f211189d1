// attn: glue only. The one file that includes CLI11: it turns each command's flags (data, see
// src/cli/commands/) into CLI11 options, parses, runs the chosen command, and is the one catch
// site that turns errors into one line and an exit code: 0 ok, 1 failed check, 2 usage,
// 3 files and output, 70 an internal error.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <list>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "cli/process.hpp"
#include "errors.hpp"

namespace {

using attn::cli::Command;
using attn::cli::Flag;

// Texts as CLI11 collected them, parsed into their types in flag order once CLI11 is done (so
// that a bad value is reported with its own flag's message, not CLI11's).
struct Given {
    const Flag* flag;
    std::vector<std::string> texts;
};

std::string help_line(const Flag& f) {
    return f.default_text.empty() ? f.help : f.help + " (default " + f.default_text + ")";
}

void add_command(CLI::App& app, const Command& command, std::list<Given>& given) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    sub->footer(command.footer + "\n");
    for (const Flag& f : command.flags) {
        given.push_back({&f, {}});
        std::vector<std::string>& texts = given.back().texts;
        switch (f.kind) {
            case Flag::Kind::value:
                sub->add_option_function<std::string>(
                       f.name, [&texts](const std::string& v) { texts = {v}; }, help_line(f))
                    ->type_name(f.type_name);
                break;
            case Flag::Kind::positional:
                sub->add_option(f.name, texts, help_line(f))->type_name(f.type_name);
                break;
            case Flag::Kind::toggle:
                sub->add_flag(f.name, *f.toggle, f.help);
                break;
        }
    }
}

// One line, whatever the message quotes: control characters from a flag's value (a newline in
// `--n $'1\n2'`) are shown escaped, so an error is always exactly one line.
std::string one_line(const char* what) {
    std::string out;
    for (const char* p = what; *p; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else out += *p;
    }
    return out;
}

int fail(const char* kind, const char* what, int code) {
    std::fprintf(stderr, "attn: %s: %s\n", kind, one_line(what).c_str());
    return code;
}

int run(int argc, char** argv) {
    CLI::App app{"attn: replays chapter 12 (Transformers and self-attention) number for number,\n"
                 "and grades its homework. Each subcommand replays one section of the chapter."};
    app.set_version_flag("--version", std::string("attn ") + ATTN_VERSION);
    app.require_subcommand(0, 1);
    const std::vector<Command> commands = attn::cli::all_commands();
    std::list<Given> given;  // a list: add_command keeps references into it
    for (const Command& c : commands) add_command(app, c, given);

    if (argc > 1 && argv[1][0] != '-') {
        std::string names;
        bool known = false;
        for (const Command& c : commands) {
            known = known || c.name == argv[1];
            names += (names.empty() ? "" : ", ") + c.name;
        }
        if (!known) {
            const std::string what = std::string("unknown subcommand '") + argv[1] + "' (choose from " + names + ")";
            return fail("error", what.c_str(), 2);
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string what = std::string(e.what()) + " (see attn --help)";
        return fail("error", what.c_str(), 2);
    }
    const std::vector<CLI::App*> chosen = app.get_subcommands();
    if (chosen.empty()) {  // plain `attn`: the help
        attn::cli::write_stdout(app.help());
        return 0;
    }
    for (const Given& g : given) {
        for (const std::string& text : g.texts) g.flag->parse(text);
    }
    for (const Command& c : commands) {
        if (c.name == chosen.front()->get_name()) return c.run();
    }
    return 0;
}

}  // namespace

static int run_and_report(int argc, char** argv) {
    try {
        const int code = run(argc, argv);
        attn::cli::finish_stdout();
        return code;
    } catch (const attn::UsageError& e) {
        return fail("error", e.what(), 2);
    } catch (const attn::IoError& e) {
        return fail("error", e.what(), 3);
    } catch (const std::bad_alloc&) {
        return fail("error", "out of memory", 2);
    } catch (const std::exception& e) {
        return fail("internal error", e.what(), 70);
    } catch (...) {
        return fail("internal error", "an unknown exception", 70);
    }
}

int main(int argc, char** argv) {
    attn::cli::set_signal_policy();
    return attn::cli::end_process(run_and_report(argc, argv));
}
