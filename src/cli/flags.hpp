#pragma once
// Binders: each returns a Flag that parses its text into one field of an Options struct, with
// the field's current value as the default shown in --help. The field must outlive the Flag
// (commands keep their Options in a shared_ptr captured by run). No CLI11 here.
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "rng/seed.hpp"

namespace attn::cli {

// `range` is the allowed range as text ("1..100000"), quoted by the syntax error; the range
// itself is checked by the experiment's validate().
Flag int_flag(const std::string& name, const std::string& help, long& field, const std::string& range);
Flag int_list_flag(const std::string& name, const std::string& help, std::vector<long>& field,
                   const std::string& range, const std::string& default_text);
Flag number_flag(const std::string& name, const std::string& help, double& field, const std::string& range);
Flag seed_flag(rng::Seed& field);
// --seed, --d, --n, --dq of the chapter's single-head experiments (sections 3, 4 and 6).
std::vector<Flag> head_shape_flags(rng::Seed& seed, long& d, long& n, long& dq);
Flag text_flag(const std::string& name, const std::string& type_name, const std::string& help,
               std::string& field);
// Like text_flag, and also records that the flag was given.
Flag given_text_flag(const std::string& name, const std::string& type_name, const std::string& help,
                     std::string& field, bool& given);
Flag toggle_flag(const std::string& name, const std::string& help, bool& field);
Flag positional_ints(const std::string& name, const std::string& help, std::vector<long>& field,
                     const std::string& range);

// "lo..hi" for help and messages.
std::string range_text(long lo, long hi);
std::string range_text(double lo, double hi);

}  // namespace attn::cli
