#pragma once
// The command line that produced a report, as plain data for machine-readable output (JSON's
// "options"): every flag of the command with the value the run used.
#include <string>
#include <variant>
#include <vector>

namespace attn::results {

// One flag's value: a toggle, an integer, a number, a text (seeds are texts: any size, exact),
// a list of integers, of numbers or of names.
using SettingValue = std::variant<bool, long, double, std::string, std::vector<long>, std::vector<double>,
                                  std::vector<std::string>>;

struct Setting {
    std::string name;     // the flag without its dashes, '-' as '_': "seed", "no_mask", "section"
    SettingValue value;
};

struct Invocation {
    std::string attn_version;       // "0.1.0"
    std::string command;            // "attention"
    std::vector<Setting> options;   // in the order of the command's flags
};

}  // namespace attn::results
