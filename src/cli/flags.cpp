#include "cli/flags.hpp"

#include <cctype>
#include <cmath>
#include <string>
#include <type_traits>

#include "cli/parse_flags.hpp"
#include "experiments/checks.hpp"
#include "print/float_digits.hpp"

namespace attn::cli {
namespace {

std::string join(const std::vector<long>& values) {
    std::string out;
    for (long v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
    return out;
}

// Shortest text that reads back as the same double ("100", "5", "1e-300", "1e+05"): the text of
// std::to_chars(double), written out from print's shortest digits, because the WebAssembly build's
// C++ library (Emscripten's libc++) has no floating-point to_chars. Its rule: positional or
// scientific (d.ddde±XX), whichever is shorter, positional on a tie; checked against libstdc++'s
// to_chars on 4·10^6 doubles (docs/web.md).
std::string shortest(double x) {
    const print::detail::DecimalDigits d = print::detail::shortest_digits(x);
    const std::string sign = std::signbit(x) ? "-" : "";
    const int n = d.size();
    std::string fixed;
    if (d.decpt <= 0) {
        fixed = "0." + std::string(static_cast<std::size_t>(-d.decpt), '0') + d.digits;
    } else if (d.decpt >= n) {   // an integer: its exact digits, as to_chars's %f (same length)
        std::string fraction;
        print::detail::positional_parts(print::detail::fixed_digits(x, 0), 0, fixed, fraction);
    } else {
        fixed = d.digits.substr(0, static_cast<std::size_t>(d.decpt)) + "." + d.digits.substr(static_cast<std::size_t>(d.decpt));
    }
    if (d.is_zero()) return sign + "0";
    const int e = d.decpt - 1;
    std::string exponent = std::to_string(e < 0 ? -e : e);
    if (exponent.size() < 2) exponent = "0" + exponent;
    const std::string sci = d.digits.substr(0, 1) + (n > 1 ? "." + d.digits.substr(1) : "") + "e" + (e < 0 ? "-" : "+") + exponent;
    return sign + (fixed.size() <= sci.size() ? fixed : sci);
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
    // (A 64-bit integer where a long has 32 bits is not a SettingValue: int64_flag records text.)
    if constexpr (std::is_constructible_v<results::SettingValue, const V&>) {
        o.value = [](const V& v) { return results::SettingValue(v); };
    }
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

UsageError told_as_typed(const UsageError& e, const std::vector<Flag>& flags, const GivenTexts& given) {
    const auto index = [&](const std::string& name) -> std::size_t {
        for (std::size_t i = 0; i < flags.size(); ++i) {
            if (flags[i].name == name) return i;
        }
        return flags.size();
    };
    const std::size_t refused = index(e.flag);
    // Only a flag of this command that was not typed, has a default to name, and whose range
    // another flag set.
    if (refused == flags.size() || (refused < given.size() && !given[refused].empty()) ||
        flags[refused].default_text.empty() || e.bounded_by.empty()) {
        return e;
    }
    std::string typed;
    for (const std::string& name : e.bounded_by) {
        const std::size_t i = index(name);
        if (i < given.size() && !given[i].empty()) typed += (typed.empty() ? "" : " ") + name + " " + given[i].back();
    }
    if (typed.empty()) return e;   // nothing typed set the range: the default's own refusal
    const std::string what = e.what();
    const std::string reason = what.substr(std::min(what.size(), e.flag.size() + 2));
    UsageError told(UsageError::Line{}, e.flag,
                    typed + " leaves " + e.flag + "'s default " + flags[refused].default_text +
                        " out of range (" + e.flag + ": " + reason + "); give " + e.flag +
                        (e.allowed.empty() ? "" : " " + e.allowed));
    told.bounded_by = e.bounded_by;
    told.allowed = e.allowed;
    return told;
}

Option<long> int_flag(const std::string& name, const std::string& help, long defaults, const std::string& range) {
    Option<long> o = value_option<long>(name, "INT", help, std::to_string(defaults));
    o.parse = [name, range](long& field, const std::string& text) { field = parse_int(name, text, range); };
    return o;
}

Option<std::int64_t> int64_flag(const std::string& name, const std::string& help, std::int64_t defaults,
                                const std::string& range) {
    Option<std::int64_t> o = value_option<std::int64_t>(name, "INT", help, std::to_string(defaults));
    o.parse = [name, range](std::int64_t& field, const std::string& text) { field = parse_int64(name, text, range); };
    o.value = [](std::int64_t v) { return results::SettingValue(std::to_string(v)); };   // as text, as seeds are
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

Option<std::optional<std::string>> given_text_flag(const std::string& name, const std::string& type_name,
                                                   const std::string& help) {
    Option<std::optional<std::string>> o;
    o.flag.name = name;
    o.flag.type_name = type_name;
    o.flag.help = help;
    // A path: files and folders offered (FILE, ROSTER, DIR|FILE: --model), or folders only (DIR).
    o.flag.completes_files = type_name == "FILE" || type_name == "ROSTER" || type_name == "DIR|FILE";
    o.flag.completes_folders = type_name == "DIR";
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
