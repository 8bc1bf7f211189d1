#include "cli/flags.hpp"

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

}  // namespace

std::string range_text(long lo, long hi) { return std::to_string(lo) + ".." + std::to_string(hi); }
std::string range_text(double lo, double hi) { return shortest(lo) + ".." + shortest(hi); }

Flag int_flag(const std::string& name, const std::string& help, long& field, const std::string& range) {
    Flag f;
    f.name = name;
    f.type_name = "INT";
    f.help = help;
    f.default_text = std::to_string(field);
    f.parse = [name, range, &field](const std::string& text) { field = parse_int(name, text, range); };
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

Flag int_list_flag(const std::string& name, const std::string& help, std::vector<long>& field,
                   const std::string& range, const std::string& default_text) {
    Flag f;
    f.name = name;
    f.type_name = "LIST";
    f.help = help;
    f.default_text = default_text.empty() ? join(field) : default_text;
    f.parse = [name, range, &field](const std::string& text) { field = parse_int_list(name, text, range); };
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

Flag number_flag(const std::string& name, const std::string& help, double& field, const std::string& range) {
    Flag f;
    f.name = name;
    f.type_name = "NUM";
    f.help = help;
    f.default_text = shortest(field);
    f.parse = [name, range, &field](const std::string& text) { field = parse_number(name, text, range); };
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

Flag seed_flag(rng::Seed& field) {
    Flag f;
    f.name = "--seed";
    f.type_name = "SEED";
    f.help = "generator seed, a non-negative integer of any size";
    f.default_text = field.decimal();
    f.parse = [&field](const std::string& text) { field = parse_seed("--seed", text); };
    f.value = [&field] { return report::SettingValue(field.decimal()); };  // any size: a text
    return f;
}

std::vector<Flag> head_shape_flags(rng::Seed& seed, long& d, long& n, long& dq) {
    const std::string dims = range_text(1L, experiments::kMaxDimension);
    return {
        seed_flag(seed),
        int_flag("--d", "model width D, rows of X", d, dims),
        int_flag("--n", "positions N, columns of X", n, dims),
        int_flag("--dq", "query/key width Dq", dq, dims),
    };
}

Flag text_flag(const std::string& name, const std::string& type_name, const std::string& help,
               std::string& field) {
    Flag f;
    f.name = name;
    f.type_name = type_name;
    f.help = help;
    f.default_text = field;
    f.parse = [&field](const std::string& text) { field = text; };
    f.completes_files = type_name == "FILE";
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

Flag given_text_flag(const std::string& name, const std::string& type_name, const std::string& help,
                     std::string& field, bool& given) {
    Flag f = text_flag(name, type_name, help, field);
    f.parse = [&field, &given](const std::string& text) {
        field = text;
        given = true;
    };
    return f;
}

Flag toggle_flag(const std::string& name, const std::string& help, bool& field) {
    Flag f;
    f.kind = Flag::Kind::toggle;
    f.name = name;
    f.help = help;
    f.toggle = &field;
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

Flag positional_ints(const std::string& name, const std::string& help, std::vector<long>& field,
                     const std::string& range) {
    Flag f;
    f.kind = Flag::Kind::positional;
    f.name = name;
    f.type_name = "INT";
    f.help = help;
    f.parse = [name, range, &field](const std::string& text) { field.push_back(parse_int(name, text, range)); };
    f.value = [&field] { return report::SettingValue(field); };
    return f;
}

}  // namespace attn::cli
