#pragma once
// The companion lesson's stdout (`python attention.py`, ../shared/reference/lesson.py) from a
// LessonReport: the chosen sections, each with its `== N. …` heading, byte for byte, except the
// figure of section 5's last line, which is attn's own measurement.
#include <string>

#include "render/lang.hpp"
#include "results/lesson_report.hpp"

namespace attn::render {

std::string lesson_text(const results::LessonReport& report, Lang lang);

}  // namespace attn::render
