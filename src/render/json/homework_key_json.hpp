#pragma once
// The homework's answer key (`attn homework --key --format json`) -> one JSON document
// (docs/output.md; schema: docs/schema/attn-output.schema.json). Reads only the key's plain data.
#include <string>

#include "homework/answer_key.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string homework_key_json(const homework::AnswerKey& key, const report::Invocation& invocation);

}  // namespace attn::render
