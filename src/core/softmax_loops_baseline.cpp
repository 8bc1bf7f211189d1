// softmax's loops for the baseline (SSE2 on x86-64, NEON on aarch64) (softmax_loops.hpp).
#include "core/softmax_loops.hpp"

#define ATTN_SOFTMAX_LOOPS kSoftmaxLoops_baseline
#include "core/softmax_loops.inc"
