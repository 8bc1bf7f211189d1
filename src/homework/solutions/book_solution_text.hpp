#pragma once
// `attn homework 12.4` (and 12.1, 12.3, 12.7, 12.9): the worked solutions of the book's problems
// (UDL p. 239), every number from book_problems.hpp, in the chapter's language (zh-TW) or English.
// One code path per problem; each language's wording is a table of {fmt} templates
// (book_solution_text.cpp), the numbers formatted once for both.
#include <string>

#include "homework/problems/book_problems.hpp"
#include "render/lang.hpp"

namespace attn::homework {

// One book problem's worked solution (its id, book_problems.hpp); "" for an id that is not one.
std::string book_solution_text(const BookSolutions& solutions, int problem, render::Lang lang);

// The conclusions 12.4 (c) offers, numbered from 1, in the language asked.
const char* book12_4_choice(int number, render::Lang lang);

}  // namespace attn::homework
