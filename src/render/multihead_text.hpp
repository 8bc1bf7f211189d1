#pragma once
// Report -> the exact bytes ../shared/reference/multihead.py prints (chapter wording, NumPy layout).
#include <string>

#include "report/multihead_report.hpp"

namespace attn::render {

std::string multihead_text(const report::MultiheadReport& report);

}  // namespace attn::render
