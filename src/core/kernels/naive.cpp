// naive: the lesson's head as written, with the T×T scores materialised (see kernels.hpp).
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kernels/dispatch.hpp"
#include "core/kernels/split_rows.hpp"

namespace attn::kernels {

Result naive(const Head& h, Meter& meter, const Settings& s) {
    const Table& simd = table();
    const std::size_t stride = padded(h.t);
    Buffer wpack(meter, h.d_model * kPack);
    pack_weights(h, 1.0f, wpack.data());   // q unscaled: the scores are divided by sqrt(d_head)
    Buffer q(meter, h.t * kHead), kT(meter, kHead * stride), vT(meter, kHead * stride);
    std::fill(kT.data(), kT.data() + kT.size(), 0.0f);   // the padding past T must be finite
    std::fill(vT.data(), vT.data() + vT.size(), 0.0f);
    simd.project(h.x, h.d_model, wpack.data(), 0, h.t, q.data(), kT.data(), vT.data(), stride);
    Buffer scores(meter, h.t * stride);   // the T×T matrix (rows padded to whole tiles)
    Result r{Buffer(meter, h.t * kHead), 3 * h.t * h.d_model * kHead};
    std::vector<std::uint64_t> counts(s.threads == 0 ? 1 : s.threads, 0);
    split_rows(h.t, s.threads, [&](unsigned w, std::size_t r0, std::size_t r1) {
        counts[w] = simd.naive_rows(q.data(), kT.data(), vT.data(), stride, h.t, s.causal, r0, r1,
                                    scores.data(), r.out.data());
    });
    for (auto c : counts) r.multiplications += c;
    return r;
}

}  // namespace attn::kernels
