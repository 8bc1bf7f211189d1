#pragma once
// attn's interface beyond each command's flags, declared once as data (as ripgrep's
// crates/core/flags/defs.rs declares its flags): the top-level flags, the environment variables
// attn reads, the exit codes it returns and the man page's examples. The commands' flags are data
// in src/cli/commands/ (cli/command.hpp). From these, and only these, come `attn --help` (CLI11,
// main.cpp), the three shells' completions (completion_script.hpp) and the man page
// (man_page.hpp, `attn --man`); tests/unit/cli/test_cli_interface.cpp fails when one of them, or
// README.md's tables, leaves out a flag, an ATTN_* variable or an exit code. No CLI11 here.
#include <string>
#include <vector>

namespace attn::cli {

// The exit codes, for main.cpp's one catch site and the commands that return their own.
enum ExitCode : int {
    kExitOk = 0,
    kExitFailedCheck = 1,
    kExitUsage = 2,
    kExitFiles = 3,
    kExitNoWeights = 4,
    kExitInternal = 70,
};

struct ExitStatus {
    int code;
    std::string meaning;   // one sentence, plain text (`…` quotes a command or an output)
};
// Every code attn's process may end with, in order (141, from the shell, included).
const std::vector<ExitStatus>& exit_statuses();

struct EnvironmentVariable {
    std::string name;
    std::string meaning;   // plain text; `…` quotes a flag, a value or a command
};
// Every environment variable attn reads, its own ATTN_* ones first.
const std::vector<EnvironmentVariable>& environment();

struct TopFlag {
    std::string names;     // "-V, --version"
    std::string meaning;
};
// The flags of plain `attn` (no subcommand).
const std::vector<TopFlag>& top_flags();

struct Example {
    std::string command;   // as typed: "attn mask --n 8 --pos 6 --heatmap"
    std::string meaning;
};
// The man page's EXAMPLES.
const std::vector<Example>& examples();

// The one-line description of attn (`attn --help`, the man page's DESCRIPTION).
std::string description();

}  // namespace attn::cli
