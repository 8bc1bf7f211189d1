#pragma once
// PermutationReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/permutation_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string permutation_json(const report::PermutationReport& report, const report::Invocation& invocation);

}  // namespace attn::render
