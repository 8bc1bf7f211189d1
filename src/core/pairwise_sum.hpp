#pragma once
// NumPy's pairwise summation (numpy/core/src/umath/loops_utils.h.src, @TYPE@_pairwise_sum) in the
// array's own type: fewer than 8 values one by one, up to 128 in 8 accumulators, longer ranges
// split in two at a multiple of 8. np.sum(a) is 0 + pairwise_sum(a) (numpy_ops.hpp). Float64
// for the chapter's NumPy code, float32 for notebook 12.4's probabilities.
#include <cstddef>

namespace attn::core {

template <typename T>
T pairwise_sum(const T* a, std::size_t n, std::size_t stride) {
    if (n < 8) {
        T res = 0;
        for (std::size_t i = 0; i < n; ++i) res += a[i * stride];
        return res;
    }
    if (n <= 128) {
        T r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = a[j * stride];
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] += a[(i + j) * stride];
        }
        T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += a[i * stride];
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise_sum(a, n2, stride) + pairwise_sum(a + n2 * stride, n - n2, stride);
}

}  // namespace attn::core
