#pragma once
// Report -> the exact bytes ../shared/reference/scaling.py prints (chapter wording, NumPy layout).
#include <string>

#include "report/scaling_report.hpp"

namespace attn::render {

std::string scaling_text(const report::ScalingReport& report);

}  // namespace attn::render
