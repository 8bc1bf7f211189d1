#pragma once
// --threads N: query rows are independent in naive and flash, so rows 0..t are cut into N
// contiguous ranges, one thread each (the calling thread takes the first).
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace attn::kernels {

// body(worker, r0, r1) for each non-empty range; returns when all are done.
inline void split_rows(std::size_t t, unsigned threads, const std::function<void(unsigned, std::size_t, std::size_t)>& body) {
    const unsigned n = threads == 0 ? 1 : threads;
    std::vector<std::thread> pool;
    for (unsigned w = 1; w < n; ++w) {
        const std::size_t r0 = t * w / n, r1 = t * (w + 1) / n;
        if (r0 < r1) pool.emplace_back(body, w, r0, r1);
    }
    if (t / n > 0) body(0, 0, t / n);
    for (auto& th : pool) th.join();
}

}  // namespace attn::kernels
