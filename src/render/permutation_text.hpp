#pragma once
// Report -> the exact bytes ../shared/reference/permutation.py prints (chapter wording, NumPy layout);
// with Lang::en the same numbers under English wording.
#include <string>

#include "render/lang.hpp"
#include "results/permutation_report.hpp"

namespace attn::render {

std::string permutation_text(const results::PermutationReport& report, Lang lang);

}  // namespace attn::render
