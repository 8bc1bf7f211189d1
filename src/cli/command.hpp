#pragma once
// A subcommand described as data: its name, the chapter section it replays, its flags (each
// bound to a field of the experiment's Options) and what it runs. No CLI11 here: main.cpp turns
// these into CLI11 options, and `attn completion` turns them into shell completion scripts.
#include <functional>
#include <string>
#include <vector>

#include "report/invocation.hpp"

namespace attn::cli {

struct Flag {
    enum class Kind { value, positional, toggle };
    Kind kind = Kind::value;
    std::string name;          // "--seed", or a positional's name "SECTION"
    std::string type_name;     // what --help shows after the flag: INT, LIST, NUM, SEED, FILE, …
    std::string help;          // one line, without the default
    std::string default_text;  // the bound field's value when bound; "" shows no default
    // value, positional: the flag's text -> the bound field, parsed into its type once. Ranges
    // are not checked here: each belongs to the experiment's validate().
    std::function<void(const std::string&)> parse;
    bool* toggle = nullptr;                // toggle: set to true when the flag is given
    std::vector<std::string> choices;      // for completion (and help), when the values are few
    bool completes_files = false;          // completion offers file names
    // The bound field's value as the run used it, for records of the run (JSON's "options");
    // set by the binders in flags.hpp.
    std::function<report::SettingValue()> value;
};

struct Command {
    std::string name;
    std::string summary;       // one line for `attn --help`
    std::string footer;        // the end of `attn NAME --help`
    std::vector<Flag> flags;
    std::function<int()> run;  // after parsing: run, write standard output, return the exit code
};

// Every subcommand, in the order `attn --help` lists them.
std::vector<Command> all_commands();

}  // namespace attn::cli
