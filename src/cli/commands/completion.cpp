// `attn completion bash|zsh|fish`: prints a shell completion script made from the flags as data.
#include <algorithm>

#include "cli/commands/commands.hpp"
#include "cli/completion_script.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "errors.hpp"

namespace attn::cli {

Command completion_command() {
    using Shells = std::vector<std::string>;   // the positional, as given
    Option<Shells> f;
    f.flag.kind = Flag::Kind::positional;
    f.flag.name = "SHELL";
    f.flag.type_name = "SHELL";
    f.flag.help = "bash, zsh or fish";
    f.flag.choices = kCompletionShells;
    f.flag.single = true;
    f.parse = [](Shells& shell, const std::string& text) { shell.push_back(text); };
    return make_command<Shells>(
        "completion", "Print a shell completion script (bash, zsh or fish)",
        "bash: attn completion bash > /etc/bash_completion.d/attn (or source it)\n"
        "zsh:  attn completion zsh > \"${fpath[1]}/_attn\"\n"
        "fish: attn completion fish > ~/.config/fish/completions/attn.fish",
        {f}, [](const Shells& shell, const std::vector<Option<Shells>>&) {
            if (shell.size() > 1) {
                std::string given;
                for (const std::string& s : shell) given += (given.empty() ? "" : " ") + s;
                throw UsageError("SHELL", "give one shell, bash, zsh or fish (got " + std::to_string(shell.size()) +
                                              ": '" + given + "')");
            }
            if (shell.size() != 1 ||
                std::find(kCompletionShells.begin(), kCompletionShells.end(), shell.front()) ==
                    kCompletionShells.end()) {
                throw UsageError("SHELL", "must be one of bash, zsh, fish" +
                                              (shell.empty() ? std::string() : " (got '" + shell.front() + "')"));
            }
            write_stdout(completion_script(shell.front(), all_commands()));
            return 0;
        });
}

}  // namespace attn::cli
