// softmax's loops for AVX-512F (-mavx512f) (softmax_loops.hpp).
#include "core/softmax_loops.hpp"

#define ATTN_SOFTMAX_LOOPS kSoftmaxLoops_avx512
#include "core/softmax_loops.inc"
