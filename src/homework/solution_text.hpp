#pragma once
// `attn homework [1|2|3]`: the worked solutions of section 04 (作業和解答) in the chapter's
// language and order, (a)(b)(c)(d) under each problem, every number from the solutions (the core),
// and a note where the chapter's own print is not the correctly rounded value.
#include <string>

#include "homework/answer_key.hpp"
#include "homework/problems.hpp"

namespace attn::homework {

// problem 0: all three. `key` supplies the asked precisions and the chapter notes.
std::string solution_text(const Solutions& solutions, const AnswerKey& key, int problem = 0);

}  // namespace attn::homework
