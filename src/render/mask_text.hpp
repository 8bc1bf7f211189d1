#pragma once
// Report -> the exact bytes ../shared/reference/mask.py prints (chapter wording, NumPy layout).
#include <string>

#include "report/mask_report.hpp"

namespace attn::render {

std::string mask_text(const report::MaskReport& report);

}  // namespace attn::render
