#pragma once
// AttentionReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/attention_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string attention_json(const results::AttentionReport& report, const results::Invocation& invocation);

}  // namespace attn::render
