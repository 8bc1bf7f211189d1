#pragma once
// `attn multihead --svg`: parameters and multiplications against the head count H.
#include <string>

#include "report/multihead_report.hpp"

namespace attn::render::svg {

std::string multihead_svg(const report::MultiheadReport& r);

}  // namespace attn::render::svg
