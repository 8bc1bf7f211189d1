// softmax's loops for AVX2 (-mavx2) (softmax_loops.hpp).
#include "core/softmax_loops.hpp"

#define ATTN_SOFTMAX_LOOPS kSoftmaxLoops_avx2
#include "core/softmax_loops.inc"
