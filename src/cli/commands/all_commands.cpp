#include "cli/command.hpp"
#include "cli/commands/commands.hpp"

namespace attn::cli {

std::vector<Command> all_commands() {
    return {attention_command(), scaling_command(), permutation_command(), multihead_command(),
            mask_command(),      lesson_command(),  cost_command(),        homework_command(),
            udl_command(),
            completion_command()};
}

}  // namespace attn::cli
