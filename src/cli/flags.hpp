#pragma once
// Flags as values parsed into an explicit target. An Option<T> is a Flag (what --help and
// completion show) with how its text is parsed into a T and how the value is recorded (JSON's
// "options"). The binders below make Option<long>, Option<rng::Seed>, …; lift() places one on a
// field of a larger struct, so a command's flags parse into one struct of its own, made afresh
// for each run: nothing is captured by reference, nothing is written back after the run.
// No CLI11 here.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "errors.hpp"
#include "results/invocation.hpp"
#include "rng/seed.hpp"

namespace attn::cli {

template <class T>
struct Option {
    Flag flag;
    // The flag's text -> the target, parsed into its type once. Ranges are not checked here:
    // each belongs to the experiment's validate().
    std::function<void(T&, const std::string&)> parse;
    // The value as the run used it, for the record of a run; empty: not recorded.
    std::function<results::SettingValue(const T&)> value;
};

// `option` placed on the field `part` of an Outer.
template <class Outer, class Inner>
Option<Outer> lift(Inner Outer::*part, Option<Inner> option) {
    Option<Outer> out;
    out.flag = std::move(option.flag);
    out.parse = [part, parse = std::move(option.parse)](Outer& t, const std::string& text) { parse(t.*part, text); };
    if (option.value) {
        out.value = [part, value = std::move(option.value)](const Outer& t) { return value(t.*part); };
    }
    return out;
}
template <class Outer, class Inner>
std::vector<Option<Outer>> lift(Inner Outer::*part, std::vector<Option<Inner>> options) {
    std::vector<Option<Outer>> out;
    for (Option<Inner>& o : options) out.push_back(lift(part, std::move(o)));
    return out;
}

// `more` appended to `options`.
template <class T>
std::vector<Option<T>> operator+(std::vector<Option<T>> options, std::vector<Option<T>> more) {
    for (Option<T>& o : more) options.push_back(std::move(o));
    return options;
}

// The record of a run (JSON's "options"): attn's version, the command, and each recorded flag's
// value, in flag order; `value(i)` is flag i's.
results::Invocation invocation(const std::string& command, const std::vector<Flag>& flags,
                              const std::function<std::optional<results::SettingValue>(std::size_t)>& value);
template <class T>
results::Invocation invocation(const std::string& command, const std::vector<Option<T>>& options, const T& target) {
    std::vector<Flag> flags;
    for (const Option<T>& o : options) flags.push_back(o.flag);
    return invocation(command, flags, [&](std::size_t i) -> std::optional<results::SettingValue> {
        if (!options[i].value) return std::nullopt;
        return options[i].value(target);
    });
}

// A refusal of a flag the user did not type (its default no longer fits a flag that was typed:
// `mask --n 3` and --pos's default 4) told in terms of what was typed: "--n 3 leaves --pos's
// default 4 out of range (must be in 2..3, …); give --pos 2..3". Any other refusal unchanged.
UsageError told_as_typed(const UsageError& e, const std::vector<Flag>& flags, const GivenTexts& given);
template <class T>
std::vector<Flag> flags_of(const std::vector<Option<T>>& options) {
    std::vector<Flag> flags;
    for (const Option<T>& o : options) flags.push_back(o.flag);
    return flags;
}

// A Command whose flags parse into a fresh T (value-initialised: the defaults) in flag order,
// then `run(target, options)` runs it and returns the exit code.
template <class T>
Command make_command(std::string name, std::string summary, std::string footer, std::vector<Option<T>> options,
                     std::function<int(const T&, const std::vector<Option<T>>&)> run) {
    Command c;
    c.name = std::move(name);
    c.summary = std::move(summary);
    c.footer = std::move(footer);
    for (const Option<T>& o : options) c.flags.push_back(o.flag);
    c.run = [name = c.name, options = std::move(options), run = std::move(run)](const GivenTexts& given) {
        T target{};
        try {
            for (std::size_t i = 0; i < options.size() && i < given.size(); ++i) {
                for (const std::string& text : given[i]) options[i].parse(target, text);
            }
        } catch (const UsageError& e) {
            // A text that is not of its flag's type (`--n abc`) points at the subcommand's help,
            // as CLI11's own usage errors do; ranges are checked later and name themselves.
            const std::string what = e.what();
            const std::size_t skip = e.flag.empty() ? 0 : e.flag.size() + 2;
            throw FlagTextError(e.flag, what.substr(std::min(skip, what.size())) + " (see attn " + name + " --help)");
        }
        try {
            return run(target, options);
        } catch (const UsageError& e) {
            throw told_as_typed(e, flags_of(options), given);
        }
    };
    return c;
}

// `range` is the allowed range as text ("1..100000"), quoted by the syntax error; the range
// itself is checked by the experiment's validate(). `defaults` is what --help shows.
Option<long> int_flag(const std::string& name, const std::string& help, long defaults, const std::string& range);
// An integer of 64 bits in every build (parse_int64): np.random.seed's seeds.
Option<std::int64_t> int64_flag(const std::string& name, const std::string& help, std::int64_t defaults,
                                const std::string& range);
Option<std::vector<long>> int_list_flag(const std::string& name, const std::string& help,
                                        const std::vector<long>& defaults, const std::string& range,
                                        const std::string& default_text);
Option<double> number_flag(const std::string& name, const std::string& help, double defaults, const std::string& range);
Option<rng::Seed> seed_flag(const rng::Seed& defaults);
// A text flag that keeps "not given" apart from every text (an empty FILE is refused, not
// ignored); recorded as "" when not given.
Option<std::optional<std::string>> given_text_flag(const std::string& name, const std::string& type_name,
                                                   const std::string& help);
// An integer flag with no default (absent stays nullopt), read as int_flag reads it.
Option<std::optional<long>> given_int_flag(const std::string& name, const std::string& type_name,
                                           const std::string& help, const std::string& range);
Option<bool> toggle_flag(const std::string& name, const std::string& help);
Option<std::vector<long>> positional_ints(const std::string& name, const std::string& help,
                                          const std::string& range);

// --seed, --d, --n, --dq of the chapter's single-head experiments (sections 3, 4 and 6), on the
// fields of the same names of their Options.
std::string dimension_range();
template <class Options>
std::vector<Option<Options>> head_shape_flags() {
    const Options defaults{};
    return {
        lift(&Options::seed, seed_flag(defaults.seed)),
        lift(&Options::d, int_flag("--d", "model width D, rows of X", defaults.d, dimension_range())),
        lift(&Options::n, int_flag("--n", "positions N, columns of X", defaults.n, dimension_range())),
        lift(&Options::dq, int_flag("--dq", "query/key width Dq", defaults.dq, dimension_range())),
    };
}

// "lo..hi" for help and messages.
std::string range_text(long lo, long hi);
std::string range_text(double lo, double hi);

}  // namespace attn::cli
