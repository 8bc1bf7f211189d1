#pragma once
// Report -> the exact bytes ../shared/reference/scaling.py prints (chapter wording, NumPy layout);
// with Lang::en the same numbers under English wording.
#include <string>

#include "render/lang.hpp"
#include "results/scaling_report.hpp"

namespace attn::render {

std::string scaling_text(const results::ScalingReport& report, Lang lang);

}  // namespace attn::render
