#pragma once
// The worked solutions' pictures (`attn homework --svg DIR`): problem 1's weights sharpening as
// the query grows (the chapter's (c): q' = t·q, softmax without the 1/√Dq), and problem 3's two
// parts of the multiplications, 4D²N and 2N²D, crossing at N = 2D. Data from the solutions, drawn
// by render/svg/line_chart; English captions, as every picture (docs/pictures.md).
#include <string>
#include <utility>
#include <vector>

#include "homework/problems/problems.hpp"

namespace attn::homework {

// (file name, SVG) for the problems asked (0: all; problem 2 has no chart).
std::vector<std::pair<std::string, std::string>> solution_charts(const Solutions& s, int problem);

}  // namespace attn::homework
