#pragma once
// `attn scaling --svg`: saturation and sensitivity against Dq, unscaled against scaled scores.
#include <string>

#include "report/scaling_report.hpp"

namespace attn::render::svg {

std::string scaling_svg(const report::ScalingReport& r);

}  // namespace attn::render::svg
