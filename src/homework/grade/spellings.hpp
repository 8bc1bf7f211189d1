#pragma once
// Spellings of an expression answer that a fair teacher accepts (issue 29, point 5), turned into
// the expression reader's alphabet before it reads them (expression.hpp): full-width forms and
// U+3000 as ASCII (`４D²`), the dashes U+2012..U+2015 and U+FE63 as minus (U+2212 is the
// expression reader's own), the middle dots `・` `∙` `･` as `*`, TeX (`$4D^2$`, `4D^{2}`,
// `4 \cdot D`, `\times`, `\geq`, `\left( \right)`), and, for an item that asks for a quantity (the N of
// 3(d)), a leading `N > `, `N>`, `N = `, `N ≥ `, `N >= ` before the answer, as the chapter writes
// `N = 2D`, and `N ≥ 2D + 1` (whole N above 2D). Nothing is guessed: what is left is read by the
// same strict reader.
#include <string>

namespace attn::homework {

// What the expression reader reads, and whether it was written `N >= X` (`N ≥ X`, `N ≧ X`): the
// item asks for the crossover, the N above which one count exceeds the other, and for a whole
// number N, `N ≥ 2D + 1` says what `N > 2D` says, so X − 1 is read as well (grade.cpp).
struct FairSpelling {
    std::string text;
    bool at_least = false;
};

// `solve_for`: the quantity the item asks for ("N"), or "" when it asks for none.
FairSpelling read_fair_spelling(const std::string& given, const std::string& solve_for);
std::string fair_spelling(const std::string& given, const std::string& solve_for);   // read_fair_spelling's text

}  // namespace attn::homework
