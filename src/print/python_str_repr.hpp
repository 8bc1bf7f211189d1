#pragma once
// Python's repr() of a str, of a tuple of two str, and of a dict / defaultdict(int) of str keys,
// as notebook 12.3's print(…format(d)) shows them (docs/spec/python-text.md).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::print {

// repr(s) of UTF-8 text: single quotes unless s holds ' and no ", then double quotes; \\, the
// chosen quote, \t \n \r escaped; other characters that are not str.isprintable() as \xhh,
// \uhhhh or \Uhhhhhhhh (lowercase hex); every other character as itself. `utf8` must be
// well-formed UTF-8.
std::string py_str_repr(std::string_view utf8);

// "('a', 'b')": repr of a tuple of two str.
std::string py_str_pair_repr(std::string_view first, std::string_view second);

// "{k: v, …}" from (repr of key, value) in insertion order; with `defaultdict_int` wrapped as
// "defaultdict(<class 'int'>, {…})".
std::string py_dict_repr(const std::vector<std::pair<std::string, long>>& key_reprs, bool defaultdict_int);

}  // namespace attn::print
