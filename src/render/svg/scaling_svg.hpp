#pragma once
// `attn scaling --svg`: saturation and sensitivity against Dq, unscaled against scaled scores.
#include <string>

#include "results/scaling_report.hpp"

namespace attn::render::svg {

std::string scaling_svg(const results::ScalingReport& r);

}  // namespace attn::render::svg
