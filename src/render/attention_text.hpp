#pragma once
// Report -> the exact bytes ../shared/reference/attention.py prints (chapter wording, NumPy layout);
// with Lang::en the same numbers under English wording.
#include <string>

#include "render/lang.hpp"
#include "results/attention_report.hpp"

namespace attn::render {

std::string attention_text(const results::AttentionReport& report, Lang lang);

}  // namespace attn::render
