#pragma once
// UdlReport and UdlDiagnosis -> one JSON document (docs/output.md; schema:
// docs/schema/attn-output.schema.json): what the notebook prints, at full precision, under the
// report's field names; NaN (12.1's overflowing softmax) is null, as JSON has no NaN.
#include <string>

#include "results/invocation.hpp"
#include "results/udl_report.hpp"

namespace attn::render {

std::string udl_json(const results::UdlReport& report, const results::Invocation& invocation);
std::string udl_diagnosis_json(const results::UdlDiagnosis& diagnosis, const results::Invocation& invocation);
std::string udl_tokenize_diagnosis_json(const results::UdlTokenizeDiagnosis& diagnosis,
                                        const results::Invocation& invocation);

}  // namespace attn::render
