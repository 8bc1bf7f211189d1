#pragma once
// `attn multihead --svg`: parameters and multiplications against the head count H.
#include <string>

#include "results/multihead_report.hpp"

namespace attn::render::svg {

std::string multihead_svg(const results::MultiheadReport& r);

}  // namespace attn::render::svg
