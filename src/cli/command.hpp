#pragma once
// A subcommand described as data: its name, the chapter section it replays, its flags and what
// it runs. No CLI11 here: main.cpp turns the flags into CLI11 options and hands the run the texts
// given; `attn completion` turns the flags into shell completion scripts. How a flag's text
// becomes a value is in cli/flags.hpp (Option), kept beside the run that reads it.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"

namespace attn::cli {

// What a flag is, for --help and completion.
struct Flag {
    enum class Kind { value, positional, toggle };
    Kind kind = Kind::value;
    std::string name;          // "--seed", or a positional's name "SECTION"
    std::string type_name;     // what --help shows after the flag: INT, LIST, NUM, SEED, FILE, …
    std::string help;          // one line, without the default
    std::string default_text;  // the default --help shows; "" shows none
    std::vector<std::string> choices;      // for completion (and help), when the values are few
    bool completes_files = false;          // completion offers file names (FILE, ROSTER)
    bool completes_folders = false;        // completion offers folder names only (DIR)
    // Choices that depend on a positional word already given (udl's --mistake: 12.2's mistakes
    // after `udl 12.2`, 12.3's after `udl 12.3`); `choices` when none of the words was given.
    std::vector<std::pair<std::string, std::vector<std::string>>> choices_after;
    bool single = false;       // a positional taken once: help shows "SHELL", not "SHELL ..."; more
                               // texts still reach the command, which refuses them in its words
};

// The texts given on the command line, one list per flag in the order of Command::flags: empty
// when the flag was not given, the last text of a value flag, every text of a positional, and
// one "" for a toggle that was given.
using GivenTexts = std::vector<std::vector<std::string>>;

struct Command {
    std::string name;
    std::string summary;       // one line for `attn --help`
    std::string footer;        // the end of `attn NAME --help`
    std::vector<Flag> flags;
    // After CLI11 has parsed: parse the texts, run, write standard output, return the exit code.
    std::function<int(const GivenTexts&)> run;
    // When CLI11 refuses the command line (an unknown flag, a flag without its value, a value its
    // parse refuses) and `run` never runs: what the command must still do, given the arguments
    // after its name as typed and the error line (`attn homework` replaces the stale reports its
    // report flags name, as every other refusal does). Optional; must not throw.
    std::function<void(const std::vector<std::string>& args, const std::string& error)> refused;
};

// A flag's text that is not of its type (`--format xml`, `--jobs x`): refused while the texts
// are parsed, before the command runs, like CLI11's own errors (main.cpp calls `refused`).
struct FlagTextError : UsageError {
    using UsageError::UsageError;
};

// Every subcommand, in the order `attn --help` lists them.
std::vector<Command> all_commands();
// Their names, in that order, without building any.
std::vector<std::string> command_names();
// The one command called `name`, built alone (empty when there is none).
std::vector<Command> named_command(const std::string& name);

}  // namespace attn::cli
