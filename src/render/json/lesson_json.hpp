#pragma once
// LessonReport -> one JSON document (docs/output.md; schema: docs/schema/attn-output.schema.json).
#include <string>

#include "report/lesson_report.hpp"
#include "report/invocation.hpp"

namespace attn::render {

std::string lesson_json(const report::LessonReport& report, const report::Invocation& invocation);

}  // namespace attn::render
