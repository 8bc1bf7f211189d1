#pragma once
// `attn homework --template` (a blank answer sheet: the problems as comments, every key commented
// out with its shape and precision) and `attn homework --key` (the same sheet filled with the
// exact values at the asked precision). Both are TOML that `--grade` reads.
#include <string>

#include "homework/answer_key.hpp"
#include "homework/problems.hpp"

namespace attn::homework {

std::string template_sheet(const Solutions& solutions, const AnswerKey& key, int problem = 0);
std::string key_sheet(const Solutions& solutions, const AnswerKey& key, int problem = 0);

// A TOML basic string: "…" with \ " and control characters escaped (valid UTF-8 assumed).
std::string toml_string(const std::string& text);

}  // namespace attn::homework
