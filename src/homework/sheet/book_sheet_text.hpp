#pragma once
// The book's problems (UDL p. 239) on the answer sheet: each problem's statement and each part's
// question as TOML comments, in the chapter's language (zh-TW) or English, line for line. The keys
// and each key's comment are English in both (sheet_text.hpp prints them).
#include <string>

#include "homework/problems/book_problems.hpp"
#include "render/lang.hpp"

namespace attn::homework {

// The statement of book problem `problem` (its id), every line a comment.
std::string book_sheet_header(const BookSolutions& solutions, int problem, render::Lang lang);
// The question of part "a", "b" or "c" of that problem, every line a comment.
std::string book_sheet_question(const BookSolutions& solutions, int problem, const std::string& part, render::Lang lang);

}  // namespace attn::homework
