#include <stdexcept>
#include <string>

#include "cli/command.hpp"
#include "cli/commands/commands.hpp"

namespace attn::cli {

namespace {

// Each command's name beside its builder, in the order of `attn --help`: a run that names its
// command builds that one alone (building all ten, their flags and help texts, was most of an
// experiment's start-up heap and of the code pages it touched: docs/performance.md).
struct Entry {
    const char* name;
    Command (*make)();
};
const Entry kCommands[] = {
    {"attention", attention_command}, {"scaling", scaling_command},
    {"permutation", permutation_command}, {"multihead", multihead_command},
    {"mask", mask_command}, {"lesson", lesson_command}, {"cost", cost_command},
    {"homework", homework_command}, {"udl", udl_command}, {"completion", completion_command},
};

Command built(const Entry& e) {
    Command c = e.make();
    if (c.name != e.name) throw std::logic_error(std::string("command table: ") + e.name + " builds " + c.name);
    return c;
}

}  // namespace

std::vector<Command> all_commands() {
    std::vector<Command> commands;
    for (const Entry& e : kCommands) commands.push_back(built(e));
    return commands;
}

std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const Entry& e : kCommands) names.emplace_back(e.name);
    return names;
}

std::vector<Command> named_command(const std::string& name) {
    std::vector<Command> one;
    for (const Entry& e : kCommands) {
        if (name == e.name) one.push_back(built(e));
    }
    return one;
}

}  // namespace attn::cli
