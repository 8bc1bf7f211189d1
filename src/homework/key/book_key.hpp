#pragma once
// The answer key of the book's problems 12.1, 12.3, 12.4, 12.7 and 12.9 (UDL p. 239): one item per
// sheet key (book12_4.b.dy3, …), with the exact value from the solutions (book_problems.hpp), the
// precision asked, the honest routes from the printed numbers and what each known mistake gives.
// The same Item as the chapter's homework, so every mode (grading, --key, --template, JSON, the
// class run) treats both kinds alike.
#include <vector>

#include "homework/key/answer_key.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

// The items of one book problem (its id, book_problems.hpp), appended to `items`.
void add_book_items(const BookSolutions& solutions, int problem, std::vector<Item>& items);

// The conclusions offered for 12.4 (c), in the order they are numbered (1-based), English; the
// worked solutions and sheets print them in their language (book_words.hpp).
inline constexpr int kBook12_4Choices = 4;

}  // namespace attn::homework
