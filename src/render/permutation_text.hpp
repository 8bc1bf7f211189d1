#pragma once
// Report -> the exact bytes ../shared/reference/permutation.py prints (chapter wording, NumPy layout).
#include <string>

#include "report/permutation_report.hpp"

namespace attn::render {

std::string permutation_text(const report::PermutationReport& report);

}  // namespace attn::render
