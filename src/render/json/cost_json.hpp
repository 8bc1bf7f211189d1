#pragma once
// CostReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json):
// the machine, the head, every run (kernel × T), the fitted exponents and the skipped runs.
#include <string>

#include "report/cost_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string cost_json(const report::CostReport& report, const report::Invocation& invocation);

}  // namespace attn::render
