#include "cli/completion_script.hpp"

#include <string>

#include "cli/interface.hpp"

namespace attn::cli {
namespace {

std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::vector<std::string> option_names(const Command& c) {
    std::vector<std::string> names;
    for (const Flag& f : c.flags) {
        if (f.kind != Flag::Kind::positional) names.push_back(f.name);
    }
    names.push_back("--help");
    return names;
}

// The long names of plain `attn`'s flags (cli/interface.hpp): "--help", "--version", "--man".
std::vector<std::string> top_long_names() {
    std::vector<std::string> names;
    for (const TopFlag& f : top_flags()) {
        for (std::size_t at = f.names.find("--"); at != std::string::npos; at = f.names.find("--", at + 2)) {
            names.push_back(f.names.substr(at, f.names.find_first_of(", ", at) - at));
        }
    }
    return names;
}

// Text inside single quotes for sh-like shells: ' becomes '\''.
std::string single_quoted(const std::string& s) {
    std::string out = "'";
    for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
}

// zsh _arguments and _describe treat [ ] : and \ specially in descriptions.
std::string zsh_text(const std::string& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '[' || ch == ']' || ch == ':' || ch == '\\') out += '\\';
        out += ch;
    }
    return out;
}

// zsh: the name of the function completing a flag's choices_after.
std::string choices_after_function(const Command& c, const Flag& f) {
    std::string name = "_attn_" + c.name + "_" + f.name.substr(2);
    for (char& ch : name) {
        if (ch == '-') ch = '_';
    }
    return name;
}

std::string bash_script(const std::vector<Command>& commands) {
    std::vector<std::string> names;
    for (const auto& c : commands) names.push_back(c.name);
    std::string s =
        "# bash completion for attn (made by `attn completion bash`)\n"
        "# File and folder names: one per line (names with spaces stay whole), quoted by bash and\n"
        "# folders ending in / (-o filenames); a typed \\ before a space or an opening quote is read\n"
        "# as the shell would.\n"
        "_attn_paths() {\n"
        "    local word=\"${cur//\\\\ / }\" IFS=$'\\n'\n"
        "    word=\"${word#[\\\"\\']}\"\n"
        "    compopt -o filenames 2>/dev/null\n"
        "    COMPREPLY=( $(compgen \"$1\" -- \"$word\") )\n"
        "}\n"
        "_attn() {\n"
        "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        "        COMPREPLY=( $(compgen -W \"" + join_words(names) + " " + join_words(top_long_names()) + "\" -- \"$cur\") )\n"
        "        return\n"
        "    fi\n"
        "    case \"${COMP_WORDS[1]}\" in\n";
    for (const auto& c : commands) {
        s += "    " + c.name + ")\n        case \"$prev\" in\n";
        for (const Flag& f : c.flags) {
            if (f.kind == Flag::Kind::value && (f.completes_files || f.completes_folders)) {
                s += "            " + f.name + ") _attn_paths " + (f.completes_folders ? "-d" : "-f") + "; return ;;\n";
            } else if (f.kind == Flag::Kind::value && !f.choices_after.empty()) {
                // the choices of the positional word given (udl 12.2 --mistake: 12.2's)
                s += "            " + f.name + ")\n                case \" ${COMP_WORDS[*]} \" in\n";
                for (const auto& [word, choices] : f.choices_after) {
                    s += "                *\" " + word + " \"*) COMPREPLY=( $(compgen -W \"" + join_words(choices) +
                         "\" -- \"$cur\") ) ;;\n";
                }
                s += "                *) COMPREPLY=( $(compgen -W \"" + join_words(f.choices) + "\" -- \"$cur\") ) ;;\n"
                     "                esac\n                return ;;\n";
            } else if (f.kind == Flag::Kind::value && !f.choices.empty()) {
                s += "            " + f.name + ") COMPREPLY=( $(compgen -W \"" + join_words(f.choices) +
                     "\" -- \"$cur\") ); return ;;\n";
            } else if (f.kind == Flag::Kind::value) {
                s += "            " + f.name + ") return ;;\n";
            }
        }
        std::vector<std::string> words = option_names(c);
        for (const Flag& f : c.flags) {
            if (f.kind == Flag::Kind::positional) words.insert(words.end(), f.choices.begin(), f.choices.end());
        }
        s += "        esac\n        COMPREPLY=( $(compgen -W \"" + join_words(words) + "\" -- \"$cur\") ) ;;\n";
    }
    s += "    esac\n}\ncomplete -F _attn attn\n";
    return s;
}

std::string zsh_script(const std::vector<Command>& commands) {
    std::string s =
        "#compdef attn\n"
        "# zsh completion for attn (made by `attn completion zsh`)\n"
        "_attn() {\n"
        "    local -a commands\n"
        "    commands=(\n";
    for (const auto& c : commands) s += "        " + single_quoted(c.name + ":" + zsh_text(c.summary)) + "\n";
    s += "    )\n"
         "    local -a top\n"
         "    top=(";
    for (const std::string& name : top_long_names()) s += " " + single_quoted(name);
    s += " )\n"
         "    if (( CURRENT == 2 )); then\n"
         "        _describe 'command' commands -- top\n"
         "        return\n"
         "    fi\n"
         "    shift words\n"
         "    (( CURRENT-- ))\n"
         "    case $words[1] in\n";
    std::string helpers;   // a function per flag whose choices depend on a positional word
    for (const auto& c : commands) {
        for (const Flag& f : c.flags) {
            if (f.choices_after.empty()) continue;
            helpers += choices_after_function(c, f) + "() {\n";
            std::string keyword = "if";
            for (const auto& [word, choices] : f.choices_after) {
                helpers += "    " + keyword + " (( ${words[(I)" + word + "]} )); then compadd -- " + join_words(choices) + "\n";
                keyword = "elif";
            }
            helpers += "    else compadd -- " + join_words(f.choices) + "; fi\n}\n";
        }
    }
    for (const auto& c : commands) {
        s += "    " + c.name + ")\n        _arguments";
        for (const Flag& f : c.flags) {
            std::string spec;
            if (f.kind == Flag::Kind::toggle) {
                spec = f.name + "[" + zsh_text(f.help) + "]";
            } else if (f.kind == Flag::Kind::value) {
                const std::string action = f.completes_files     ? "_files"
                                           : f.completes_folders ? "_files -/"
                                           : !f.choices_after.empty() ? choices_after_function(c, f)
                                           : f.choices.empty()   ? " "
                                                                 : "(" + join_words(f.choices) + ")";
                spec = f.name + "[" + zsh_text(f.help) + "]:" + f.type_name + ":" + action;
            } else {
                const std::string action = f.choices.empty() ? " " : "(" + join_words(f.choices) + ")";
                spec = "*:" + zsh_text(f.name) + ":" + action;
            }
            s += " \\\n            " + single_quoted(spec);
        }
        s += " \\\n            '--help[show help]' ;;\n";
    }
    s += "    esac\n}\n" + helpers + "_attn \"$@\"\n";
    return s;
}

std::string fish_script(const std::vector<Command>& commands) {
    std::vector<std::string> names;
    for (const auto& c : commands) names.push_back(c.name);
    std::string s = "# fish completion for attn (made by `attn completion fish`)\n"
                    "complete -c attn -f\n";
    for (const std::string& name : top_long_names()) {
        s += "complete -c attn -n __fish_use_subcommand -l " + name.substr(2) + "\n";
    }
    for (const auto& c : commands) {
        s += "complete -c attn -n __fish_use_subcommand -a " + c.name + " -d " + single_quoted(c.summary) + "\n";
        const std::string when = "-n '__fish_seen_subcommand_from " + c.name + "'";
        for (const Flag& f : c.flags) {
            if (f.kind == Flag::Kind::positional) {
                if (!f.choices.empty()) s += "complete -c attn " + when + " -a " + single_quoted(join_words(f.choices)) + "\n";
                continue;
            }
            if (!f.choices_after.empty()) {   // one line per positional word, one for none of them
                std::vector<std::string> words;
                for (const auto& [word, choices] : f.choices_after) {
                    words.push_back(word);
                    s += "complete -c attn -n '__fish_seen_subcommand_from " + c.name + "; and __fish_seen_subcommand_from " +
                         word + "' -l " + f.name.substr(2) + " -x -a " + single_quoted(join_words(choices)) + " -d " +
                         single_quoted(f.help) + "\n";
                }
                s += "complete -c attn -n '__fish_seen_subcommand_from " + c.name + "; and not __fish_seen_subcommand_from " +
                     join_words(words) + "' -l " + f.name.substr(2) + " -x -a " + single_quoted(join_words(f.choices)) +
                     " -d " + single_quoted(f.help) + "\n";
                continue;
            }
            s += "complete -c attn " + when + " -l " + f.name.substr(2);
            if (f.kind == Flag::Kind::value) {
                s += f.completes_files     ? " -r -F"
                     : f.completes_folders ? " -x -a '(__fish_complete_directories (commandline -ct))'"
                     : f.choices.empty()   ? " -x"
                                           : " -x -a " + single_quoted(join_words(f.choices));
            }
            s += " -d " + single_quoted(f.help) + "\n";
        }
        s += "complete -c attn " + when + " -l help -d 'show help'\n";
    }
    return s;
}

}  // namespace

std::string completion_script(const std::string& shell, const std::vector<Command>& commands) {
    if (shell == "bash") return bash_script(commands);
    if (shell == "zsh") return zsh_script(commands);
    return fish_script(commands);
}

}  // namespace attn::cli
