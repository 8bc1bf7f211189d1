#pragma once
// Notebook 12.3 as a picture, the chapter's figure 12.8: the number of distinct tokens against
// the merges made (it rises while merges make new tokens, falls once merged tokens use up the
// ones they came from), and the tokens after 0, 1, 2 and all merges, with their counts.
#include <string>

#include "results/udl_report.hpp"

namespace attn::render::svg {

std::string tokenize_svg(const results::Udl123& r);

}  // namespace attn::render::svg
