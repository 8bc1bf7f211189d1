#include "cli/flags.hpp"

#include <cctype>
#include <charconv>
#include <string>

#include "cli/parse_flags.hpp"
#include "experiments/checks.hpp"

namespace attn::cli {
namespace {

std::string join(const std::vector<long>& values) {
    std::string out;
    for (long v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
    return out;
}

// Shortest text that reads back as the same double ("100", "5", "1e-300").
std::string shortest(double x) {
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, result.ptr);
}

// "--no-mask" -> "no_mask", "SECTION" -> "section": the flag's name as a JSON key.
std::string key_of(const std::string& flag_name) {
    std::string out;
    for (char ch : flag_name.substr(flag_name.find_first_not_of('-'))) {
        out += ch == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    return out;
}

template <class V>
Option<V> value_option(const std::string& name, const std::string& type_name, const std::string& help,
                       const std::string& default_text) {
    Option<V> o;
    o.flag.name = name;
    o.flag.type_name = type_name;
    o.flag.help = help;
    o.flag.default_text = default_text;
    o.value = [](const V& v) { return results::SettingValue(v); };
    return o;
}

}  // namespace

std::string range_text(long lo, long hi) { return std::to_string(lo) + ".." + std::to_string(hi); }
std::string range_text(double lo, double hi) { return shortest(lo) + ".." + shortest(hi); }
std::string dimension_range() { return range_text(1L, experiments::kMaxDimension); }

results::Invocation invocation(const std::string& command, const std::vector<Flag>& flags,
                              const std::function<std::optional<results::SettingValue>(std::size_t)>& value) {
    results::Invocation inv;
    inv.attn_version = ATTN_VERSION;
    inv.command = command;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        if (std::optional<results::SettingValue> v = value(i)) inv.options.push_back({key_of(flags[i].name), *v});
    }
    return inv;
}

Option<long> int_flag(const std::string& name, const std::string& help, long defaults, const std::string& range) {
    Option<long> o = value_option<long>(name, "INT", help, std::to_string(defaults));
    o.parse = [name, range](long& field, const std::string& text) { field = parse_int(name, text, range); };
    return o;
}

Option<std::vector<long>> int_list_flag(const std::string& name, const std::string& help,
                                        const std::vector<long>& defaults, const std::string& range,
                                        const std::string& default_text) {
    Option<std::vector<long>> o = value_option<std::vector<long>>(
        name, "LIST", help, default_text.empty() ? join(defaults) : default_text);
    o.parse = [name, range](std::vector<long>& field, const std::string& text) {
        field = parse_int_list(name, text, range);
    };
    return o;
}

Option<double> number_flag(const std::string& name, const std::string& help, double defaults, const std::string& range) {
    Option<double> o = value_option<double>(name, "NUM", help, shortest(defaults));
    o.parse = [name, range](double& field, const std::string& text) { field = parse_number(name, text, range); };
    return o;
}

Option<rng::Seed> seed_flag(const rng::Seed& defaults) {
    Option<rng::Seed> o;
    o.flag.name = "--seed";
    o.flag.type_name = "SEED";
    o.flag.help = "generator seed, a non-negative integer of any size";
    o.flag.default_text = defaults.decimal();
    o.parse = [](rng::Seed& field, const std::string& text) { field = parse_seed("--seed", text); };
    o.value = [](const rng::Seed& field) { return results::SettingValue(field.decimal()); };  // any size: a text
    return o;
}

Option<std::string> text_flag(const std::string& name, const std::string& type_name, const std::string& help,
                              const std::string& defaults) {
    Option<std::string> o = value_option<std::string>(name, type_name, help, defaults);
    o.flag.completes_files = type_name == "FILE";
    o.parse = [](std::string& field, const std::string& text) { field = text; };
    return o;
}

Option<std::optional<std::string>> given_text_flag(const std::string& name, const std::string& type_name,
                                                   const std::string& help) {
    Option<std::optional<std::string>> o;
    o.flag.name = name;
    o.flag.type_name = type_name;
    o.flag.help = help;
    o.flag.completes_files = type_name == "FILE";
    o.parse = [](std::optional<std::string>& field, const std::string& text) { field = text; };
    o.value = [](const std::optional<std::string>& field) { return results::SettingValue(field.value_or("")); };
    return o;
}

Option<std::optional<long>> given_int_flag(const std::string& name, const std::string& type_name,
                                           const std::string& help, const std::string& range) {
    Option<std::optional<long>> o;
    o.flag.name = name;
    o.flag.type_name = type_name;
    o.flag.help = help;
    o.parse = [name, range](std::optional<long>& field, const std::string& text) { field = parse_int(name, text, range); };
    o.value = [](const std::optional<long>& field) { return results::SettingValue(field ? std::to_string(*field) : ""); };
    return o;
}

Option<bool> toggle_flag(const std::string& name, const std::string& help) {
    Option<bool> o;
    o.flag.kind = Flag::Kind::toggle;
    o.flag.name = name;
    o.flag.help = help;
    o.parse = [](bool& field, const std::string&) { field = true; };
    o.value = [](bool field) { return results::SettingValue(field); };
    return o;
}

Option<std::vector<long>> positional_ints(const std::string& name, const std::string& help,
                                          const std::string& range) {
    Option<std::vector<long>> o = value_option<std::vector<long>>(name, "INT", help, "");
    o.flag.kind = Flag::Kind::positional;
    o.parse = [name, range](std::vector<long>& field, const std::string& text) {
        field.push_back(parse_int(name, text, range));
    };
    return o;
}

}  // namespace attn::cli
