#pragma once
// Report -> the exact bytes ../shared/reference/mask.py prints (chapter wording, NumPy layout);
// with Lang::en the same numbers under English wording.
#include <string>

#include "render/lang.hpp"
#include "results/mask_report.hpp"

namespace attn::render {

std::string mask_text(const results::MaskReport& report, Lang lang);

}  // namespace attn::render
