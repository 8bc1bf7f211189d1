#pragma once
// MultiheadReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/multihead_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string multihead_json(const report::MultiheadReport& report, const report::Invocation& invocation);

}  // namespace attn::render
