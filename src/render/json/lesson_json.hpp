#pragma once
// LessonReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "results/lesson_report.hpp"
#include "results/invocation.hpp"

namespace attn::render {

std::string lesson_json(const results::LessonReport& report, const results::Invocation& invocation);

}  // namespace attn::render
