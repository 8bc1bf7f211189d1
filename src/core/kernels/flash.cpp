// flash: tiled online softmax, O(T) memory (see kernels.hpp and simd/attend_row.hpp).
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kernels/dispatch.hpp"
#include "core/kernels/split_rows.hpp"

namespace attn::kernels {

Result flash(const Head& h, Meter& meter, const Settings& s) {
    const Table& simd = table(s.level);
    const std::size_t stride = padded(h.t);
    Buffer wpack(meter, h.d_model * kPack);
    // 1/sqrt(d_head) is folded into W_q: each score is then one dot product.
    pack_weights(h, static_cast<float>(1.0 / std::sqrt(static_cast<double>(kHead))), wpack.data());
    Buffer q(meter, h.t * kHead), kT(meter, kHead * stride), vT(meter, kHead * stride);
    std::fill(kT.data(), kT.data() + kT.size(), 0.0f);
    std::fill(vT.data(), vT.data() + vT.size(), 0.0f);
    simd.project(h.x, h.d_model, wpack.data(), 0, h.t, q.data(), kT.data(), vT.data(), stride);
    Result r{Buffer(meter, h.t * kHead), 3 * h.t * h.d_model * kHead};
    const unsigned workers = s.threads == 0 ? 1 : s.threads;
    std::vector<Buffer> scratch;   // one tile of scores per thread
    for (unsigned w = 0; w < workers; ++w) scratch.emplace_back(meter, kTile);
    std::vector<std::uint64_t> counts(workers, 0);
    split_rows(h.t, workers, [&](unsigned w, std::size_t r0, std::size_t r1) {
        for (std::size_t i = r0; i < r1; ++i) {
            const std::size_t keys = s.causal ? i + 1 : h.t;   // later tiles are never visited
            counts[w] += simd.attend_row(q.data() + i * kHead, kT.data(), vT.data(), stride, keys,
                                         scratch[w].data(), r.out.data() + i * kHead);
        }
    });
    for (auto c : counts) r.multiplications += c;
    return r;
}

}  // namespace attn::kernels
