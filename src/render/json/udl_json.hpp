#pragma once
// UdlReport and UdlDiagnosis -> one JSON document (docs/output.md; schema:
// docs/schema/attn-output.schema.json): what the notebook prints, at full precision, under the
// report's field names; NaN (12.1's overflowing softmax) is null, as JSON has no NaN.
#include <string>

#include "report/invocation.hpp"
#include "report/udl_report.hpp"

namespace attn::render {

std::string udl_json(const report::UdlReport& report, const report::Invocation& invocation);
std::string udl_diagnosis_json(const report::UdlDiagnosis& diagnosis, const report::Invocation& invocation);
std::string udl_tokenize_diagnosis_json(const report::UdlTokenizeDiagnosis& diagnosis,
                                        const report::Invocation& invocation);

}  // namespace attn::render
