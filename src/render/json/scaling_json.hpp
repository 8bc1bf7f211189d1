#pragma once
// ScalingReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/scaling_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string scaling_json(const results::ScalingReport& report, const results::Invocation& invocation);

}  // namespace attn::render
