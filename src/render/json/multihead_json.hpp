#pragma once
// MultiheadReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/multihead_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string multihead_json(const results::MultiheadReport& report, const results::Invocation& invocation);

}  // namespace attn::render
