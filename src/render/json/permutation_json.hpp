#pragma once
// PermutationReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/permutation_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string permutation_json(const results::PermutationReport& report, const results::Invocation& invocation);

}  // namespace attn::render
