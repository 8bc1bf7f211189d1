#pragma once
// `attn lesson`: the companion lesson's `python attention.py` (../shared/seeds/003_*.txt), as
// ../shared/reference/lesson.py, in float32 from one torch.manual_seed(0) stream. Draw order
// (docs/spec/torch-randn.md): x = randn(5, 4); q, k = randn(5, 8) twice; for d in
// (16, 64, 256, 1024): randn(1000, d) twice, then randn(5, d) four times; x = randn(5, 16);
// W_q, W_k, W_v = randn(16, 8) / 4 (x = randn(T, 16) with --t T, the lesson's exercise 3). Every
// section runs, so the stream is the same whichever sections are shown.
#include <array>
#include <vector>

#include "core/torch32/ops.hpp"
#include "experiments/output_format.hpp"
#include "results/lesson_report.hpp"

namespace attn::experiments {

inline constexpr double kMaxQuery = 1e6;   // |--query| bound: scores * 5 stay far from float32's range
// --t bound: section 5 holds three (T, T) float32 matrices at once (scores, masked, weights);
// at T = 10000 that is 1.2 GB, inside the 2 GiB a run may take.
inline constexpr long kMaxLessonT = 10000;

struct LessonOptions {
    std::vector<long> sections;            // 1..5, repeats allowed; empty: all five
    std::array<double, 2> query{1.0, 0.0}; // section 2: the query of 光 (exercise 1)
    bool no_mask = false;                  // section 5 without the causal mask (exercise 2)
    long t = 5;                            // section 5's sequence length (exercise 3); 1..4 keep 5
    OutputFormat format = OutputFormat::text;   // for the memory model
};

// Section 5's inputs at sequence length t from the lesson's stream: torch.manual_seed(0), the
// draws of sections 1-4, then x = randn(t, 16) and W_q, W_k, W_v = randn(16, 8) / 4.
// `attn cost` times its kernels on these, so its head is the lesson's head.
struct LessonHead {
    core::torch32::Tensor32 x, w_q, w_k, w_v;   // (t, 16), (16, 8) each
};
LessonHead lesson_head_inputs(long t);

// Throws attn::UsageError naming the flag: a section outside 1..5 (SECTION), a query entry that
// is not finite or beyond ±kMaxQuery (--query), T outside 1..kMaxLessonT (--t).
void validate(const LessonOptions& options);
results::LessonReport run_lesson(const LessonOptions& options);

}  // namespace attn::experiments
