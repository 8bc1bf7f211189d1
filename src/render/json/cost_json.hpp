#pragma once
// CostReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json):
// the machine, the head, every run (kernel × T), the fitted exponents and the skipped runs.
// `lang` is the language of the fits' verdict sentences (the text's); every other value is the
// same in every language.
#include <string>

#include "render/lang.hpp"
#include "results/cost_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string cost_json(const results::CostReport& report, const results::Invocation& invocation, Lang lang);

}  // namespace attn::render
