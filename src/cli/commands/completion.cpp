// `attn completion bash|zsh|fish`: prints a shell completion script made from the flags as data.
#include <algorithm>
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/completion_script.hpp"
#include "cli/output.hpp"
#include "errors.hpp"

namespace attn::cli {

Command completion_command() {
    auto shell = std::make_shared<std::vector<std::string>>();
    Command c;
    c.name = "completion";
    c.summary = "Print a shell completion script (bash, zsh or fish)";
    c.footer =
        "bash: attn completion bash > /etc/bash_completion.d/attn (or source it)\n"
        "zsh:  attn completion zsh > \"${fpath[1]}/_attn\"\n"
        "fish: attn completion fish > ~/.config/fish/completions/attn.fish";
    Flag f;
    f.kind = Flag::Kind::positional;
    f.name = "SHELL";
    f.type_name = "SHELL";
    f.help = "bash, zsh or fish";
    f.choices = kCompletionShells;
    f.parse = [shell](const std::string& text) { shell->push_back(text); };
    c.flags = {f};
    c.run = [shell] {
        if (shell->size() != 1 ||
            std::find(kCompletionShells.begin(), kCompletionShells.end(), shell->front()) ==
                kCompletionShells.end()) {
            throw UsageError("SHELL", "must be one of bash, zsh, fish" +
                                          (shell->empty() ? std::string() : " (got '" + shell->front() + "')"));
        }
        write_stdout(completion_script(shell->front(), all_commands()));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
