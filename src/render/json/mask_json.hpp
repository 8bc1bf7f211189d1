#pragma once
// MaskReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/mask_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string mask_json(const report::MaskReport& report, const report::Invocation& invocation);

}  // namespace attn::render
