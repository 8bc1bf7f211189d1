#pragma once
// Report -> the exact bytes ../shared/reference/multihead.py prints (chapter wording, NumPy layout);
// with Lang::en the same numbers under English wording.
#include <string>

#include "render/lang.hpp"
#include "results/multihead_report.hpp"

namespace attn::render {

std::string multihead_text(const results::MultiheadReport& report, Lang lang);

}  // namespace attn::render
