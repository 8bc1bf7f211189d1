#pragma once
// AttentionReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/attention_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string attention_json(const report::AttentionReport& report, const report::Invocation& invocation);

}  // namespace attn::render
