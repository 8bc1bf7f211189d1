#pragma once
// The answer key as JSON (`attn homework --key --format json`; docs/output.md, schema:
// docs/schema/attn-output.schema.json), written by the homework room itself with the renderers'
// shared JSON document, so that no renderer reaches up into the homework.
#include <string>

#include "homework/key/answer_key.hpp"
#include "results/invocation.hpp"

namespace attn::homework {

std::string key_json(const homework::AnswerKey& key, const results::Invocation& invocation);

}  // namespace attn::homework
