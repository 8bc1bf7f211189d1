#pragma once
// `attn homework [1|2|3]`: the worked solutions of section 04 (作業和解答) in the chapter's
// order, (a)(b)(c)(d) under each problem, every number from the solutions (the core), and a note
// where the chapter's own print is not the correctly rounded value. In the chapter's language
// (zh-TW, the default) or in English with the terms of UDL chapter 12 (--lang en): the same
// paragraphs and lines, the same numbers printed by the same code (solution_numbers.hpp).
#include <string>

#include "homework/answer_key.hpp"
#include "homework/problems.hpp"
#include "render/lang.hpp"

namespace attn::homework {

// problem 0: all three. `key` supplies the asked precisions and the chapter notes.
std::string solution_text(const Solutions& solutions, const AnswerKey& key, int problem = 0,
                          render::Lang lang = render::Lang::zh_TW);

// Each language's text, as solution_text picks it: solution_text.cpp and solution_text_en.cpp.
std::string solution_text_chapter(const Solutions& solutions, const AnswerKey& key, int problem);
std::string solution_text_english(const Solutions& solutions, const AnswerKey& key, int problem);

}  // namespace attn::homework
