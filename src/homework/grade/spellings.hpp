#pragma once
// Spellings of an expression answer that a fair teacher accepts (issue 29, point 5), turned into
// the expression reader's alphabet before it reads them (expression.hpp): full-width forms and
// U+3000 as ASCII (`４D²`), the middle dots `・` `∙` `･` as `*`, TeX (`$4D^2$`, `4D^{2}`,
// `4 \cdot D`, `\times`, `\left( \right)`), and, for an item that asks for a quantity (the N of
// 3(d)), a leading `N > `, `N>`, `N = `, `N ≥ `, `N >= ` before the answer, as the chapter writes
// `N = 2D`. Nothing is guessed: what is left is read by the same strict reader.
#include <string>

namespace attn::homework {

// `solve_for`: the quantity the item asks for ("N"), or "" when it asks for none.
std::string fair_spelling(const std::string& given, const std::string& solve_for);

}  // namespace attn::homework
