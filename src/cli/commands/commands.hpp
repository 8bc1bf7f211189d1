#pragma once
// One function per subcommand, each in its own file under src/cli/commands/.
#include "cli/command.hpp"

namespace attn::cli {

Command attention_command();
Command scaling_command();
Command permutation_command();
Command multihead_command();
Command mask_command();
Command lesson_command();
Command cost_command();
Command homework_command();
Command udl_command();
Command completion_command();

}  // namespace attn::cli
