#pragma once
// Report -> the exact bytes ../shared/reference/attention.py prints (chapter wording, NumPy layout).
#include <string>

#include "report/attention_report.hpp"

namespace attn::render {

std::string attention_text(const report::AttentionReport& report);

}  // namespace attn::render
