#pragma once
// Shell completion scripts for bash, zsh and fish, made from the commands' flags as data (CLI11
// has no generator). Pure functions: commands in, script text out.
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace attn::cli {

inline const std::vector<std::string> kCompletionShells = {"bash", "zsh", "fish"};

// `shell` is one of kCompletionShells.
std::string completion_script(const std::string& shell, const std::vector<Command>& commands);

}  // namespace attn::cli
