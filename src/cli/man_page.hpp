#pragma once
// attn's manual page (man(7) roff), made from the interface's data alone: the commands' flags
// (cli/command.hpp) and the top-level flags, environment, exit codes and examples
// (cli/interface.hpp). `attn --man` prints it; the build installs it as attn.1.gz. No CLI11 here.
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace attn::cli {

// `date` is the page's date (YYYY-MM-DD), `version` attn's.
std::string man_page(const std::vector<Command>& commands, const std::string& version, const std::string& date);

// The page's date: SOURCE_DATE_EPOCH's day when set (reproducible builds), else today's (UTC).
std::string man_page_date();

}  // namespace attn::cli
