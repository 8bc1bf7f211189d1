#pragma once
// The known mistakes' names in class.svg, in the picture's language. The grader's hints are
// English (every student's report shows them so, and class.md quotes them as "the hint the
// students saw"); a picture projected in a Chinese class names them in Chinese. One table, keyed
// by the hint's exact English text (answer_key.cpp, book_key.cpp); test_homework_class.cpp checks
// that every hint of every key has its entry, so a hint added or reworded there fails the test
// instead of leaving English under a Chinese bar.
#include <optional>
#include <string>

#include "render/lang.hpp"

namespace attn::homework {

// The hint in `lang`: the hint itself for English; its Chinese name for zh-TW, or the hint
// unchanged when the table has none (never an empty label).
std::string mistake_name(const std::string& hint, render::Lang lang);

// The table's Chinese for the hint, nullopt when it has none (for the test).
std::optional<std::string> chinese_mistake_name(const std::string& hint);

}  // namespace attn::homework
