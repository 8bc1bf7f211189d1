#pragma once
// `attn lesson`: the companion lesson's `python attention.py` (../shared/seeds/003_*.txt), as
// ../shared/reference/lesson.py, in float32 from one torch.manual_seed(0) stream. Draw order
// (../shared/notes/torch-randn.md): x = randn(5, 4); q, k = randn(5, 8) twice; for d in
// (16, 64, 256, 1024): randn(1000, d) twice, then randn(5, d) four times; x = randn(5, 16);
// W_q, W_k, W_v = randn(16, 8) / 4. Every section runs, so the stream is the same whichever
// sections are shown.
#include <array>
#include <vector>

#include "report/lesson_report.hpp"

namespace attn::experiments {

inline constexpr double kMaxQuery = 1e6;   // |--query| bound: scores * 5 stay far from float32's range

struct LessonOptions {
    std::vector<long> sections;            // 1..5, repeats allowed; empty: all five
    std::array<double, 2> query{1.0, 0.0}; // section 2: the query of 光 (exercise 1)
    bool no_mask = false;                  // section 5 without the causal mask (exercise 2)
};

// Throws attn::UsageError naming the flag: a section outside 1..5 (SECTION), a query entry that
// is not finite or beyond ±kMaxQuery (--query).
void validate(const LessonOptions& options);
report::LessonReport run_lesson(const LessonOptions& options);

}  // namespace attn::experiments
