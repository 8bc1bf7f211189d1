#pragma once
// ScalingReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/scaling_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string scaling_json(const report::ScalingReport& report, const report::Invocation& invocation);

}  // namespace attn::render
