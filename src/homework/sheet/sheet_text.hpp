#pragma once
// `attn homework --template` (a blank answer sheet: the problems as comments, every key commented
// out with its shape and precision) and `attn homework --key` (the same sheet filled with the
// exact values at the asked precision). Both are TOML that `--grade` reads. The problem statements
// are in the chapter's language (zh-TW, the default) or in English (--lang en), line for line; the
// instructions and each key's comment are English in both, and the keys never change.
#include <string>

#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/key/key_rules.hpp"
#include "render/lang.hpp"

namespace attn::homework {

std::string template_sheet(const Solutions& solutions, const AnswerKey& key, int problem = 0,
                           render::Lang lang = render::Lang::zh_TW);
// The blank sheet under a course file's [tolerance] (--template --course FILE): each key it covers
// says on its line the precision or the bound the teacher's run grades it by.
std::string course_template_sheet(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang,
                                  const ToleranceRules& tolerance);
std::string key_sheet(const Solutions& solutions, const AnswerKey& key, int problem = 0,
                      render::Lang lang = render::Lang::zh_TW);

// A TOML basic string: "…" with \ " and control characters escaped (valid UTF-8 assumed).
std::string toml_string(const std::string& text);

}  // namespace attn::homework
