#pragma once
// `attn homework [1|2|3]`: the worked solutions of section 04 (作業和解答) in the chapter's
// order, (a)(b)(c)(d) under each problem, every number from the solutions (the core), and a note
// where the chapter's own print is not the correctly rounded value. In the chapter's language
// (zh-TW, the default) or in English with the terms of UDL chapter 12 (--lang en): the same
// paragraphs and lines, the same numbers printed by the same code (solution_numbers.hpp), one code
// path for both; each language's wording is a table of templates (solution_words.hpp).
#include <string>

#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "render/lang.hpp"

namespace attn::homework {

// problem 0: all three. `key` supplies the asked precisions and the chapter notes.
std::string solution_text(const Solutions& solutions, const AnswerKey& key, int problem = 0,
                          render::Lang lang = render::Lang::zh_TW);

}  // namespace attn::homework
