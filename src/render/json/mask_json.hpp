#pragma once
// MaskReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/mask_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string mask_json(const results::MaskReport& report, const results::Invocation& invocation);

}  // namespace attn::render
