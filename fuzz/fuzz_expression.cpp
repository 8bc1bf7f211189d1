// libFuzzer target: the spelling pass and muParser on arbitrary expression texts. Any input
// either parses or says where it does not; a text that parses is evaluated at every point.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "homework/grade/expression.hpp"

using namespace attn::homework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::vector<ExpressionPoint> points = draw_expression_points(1);
    const std::string text(reinterpret_cast<const char*>(data), size);
    const Spelling spelling = expression_spelling(text);
    if (spelling.ok && spelling.origin.size() != spelling.text.size()) std::abort();
    const ExpressionCheck check = compare_expressions(text, "4*D^2*N + 2*N^2*D", points);
    if (!check.parsed && check.error.empty()) std::abort();
    if (check.parsed && !spelling.ok) std::abort();
    return 0;
}
