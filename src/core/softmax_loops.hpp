// softmax's N×N passes (softmax.cpp), compiled once per instruction set: softmax_loops.inc
// holds the loops, softmax_loops_<isa>.cpp compiles them with that set's flags (CMakeLists.txt)
// and softmax.cpp picks one at the first call from cpu/cpu_features.hpp. Only exactly rounded
// operations (/, -, +, max, compare), so every copy gives the same bits.
#pragma once

#include <cstddef>

namespace attn::core {

struct SoftmaxLoops {
    // acc[n] = max(acc[n], s[m][n]) over the rows, NaN winning (np.max's propagation)
    void (*max_rows_into)(const double* s, std::size_t rows, std::size_t cols, double* acc);
    void (*divide_all)(double* s, std::size_t count, double by);                       // s /= by
    void (*minus_into)(const double* in, const double* by, double* out, std::size_t count);
    void (*add_into)(double* acc, const double* row, std::size_t count);             // acc += row
    // a[m][n] /= sums[n]
    void (*divide_rows_by)(double* a, std::size_t rows, std::size_t cols, const double* sums);
};

extern const SoftmaxLoops kSoftmaxLoops_baseline;
#if defined(__x86_64__)
extern const SoftmaxLoops kSoftmaxLoops_avx2;
extern const SoftmaxLoops kSoftmaxLoops_avx512;
#endif

}  // namespace attn::core
