// flash: tiled online softmax, O(T) memory (see kernels.hpp and simd/attend_row.hpp).
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kernels/dispatch.hpp"
#include "core/kernels/split_rows.hpp"

namespace attn::kernels {

namespace {

// Every query row against its keys (all rows split over the threads); q already scaled.
void attend_all(const Table& simd, const Buffer& q, const Buffer& kT, const Buffer& vT, std::size_t t,
                std::size_t stride, Meter& meter, const Settings& s, Result& r) {
    const unsigned workers = s.threads == 0 ? 1 : s.threads;
    std::vector<Buffer> scratch;   // one tile of scores per thread
    for (unsigned w = 0; w < workers; ++w) scratch.emplace_back(meter, kTile);
    std::vector<std::uint64_t> counts(workers, 0);
    split_rows(t, workers, [&](unsigned w, std::size_t r0, std::size_t r1) {
        std::uint64_t pending = 0;   // this thread's multiplications not yet ticked
        for (std::size_t i = r0; i < r1; ++i) {
            const std::size_t keys = s.causal ? i + 1 : t;   // later tiles are never visited
            const std::uint64_t row = simd.attend_row(q.data() + i * kHead, kT.data(), vT.data(), stride, keys,
                                                      scratch[w].data(), r.out.data() + i * kHead);
            counts[w] += row;
            s.ticks.add(pending, row);
        }
    });
    for (auto c : counts) r.multiplications += c;
}

float q_scale() { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(kHead))); }

}  // namespace

Result flash(const Head& h, Meter& meter, const Settings& s) {
    const Table& simd = table();
    const std::size_t stride = padded(h.t);
    Buffer wpack(meter, h.d_model * kPack);
    // 1/sqrt(d_head) is folded into W_q: each score is then one dot product.
    pack_weights(h, q_scale(), wpack.data());
    Buffer q(meter, h.t * kHead), kT(meter, kHead * stride), vT(meter, kHead * stride);
    std::fill(kT.data(), kT.data() + kT.size(), 0.0f);
    std::fill(vT.data(), vT.data() + vT.size(), 0.0f);
    simd.project(h.x, h.d_model, wpack.data(), 0, h.t, q.data(), kT.data(), vT.data(), stride);
    Result r{Buffer(meter, h.t * kHead), 3 * h.t * h.d_model * kHead};
    attend_all(simd, q, kT, vT, h.t, stride, meter, s, r);
    return r;
}

Result flash_attention(const float* q_in, const float* k_in, const float* v_in, std::size_t t, Meter& meter,
                       const Settings& s) {
    const Table& simd = table();
    const std::size_t stride = padded(t);
    Buffer q(meter, t * kHead), kT(meter, kHead * stride), vT(meter, kHead * stride);
    std::fill(kT.data(), kT.data() + kT.size(), 0.0f);
    std::fill(vT.data(), vT.data() + vT.size(), 0.0f);
    const float scale = q_scale();
    for (std::size_t i = 0; i < t; ++i) {
        for (std::size_t c = 0; c < kHead; ++c) {
            q[i * kHead + c] = q_in[i * kHead + c] * scale;
            kT[c * stride + i] = k_in[i * kHead + c];
            vT[c * stride + i] = v_in[i * kHead + c];
        }
    }
    Result r{Buffer(meter, t * kHead), 0};
    attend_all(simd, q, kT, vT, t, stride, meter, s, r);
    return r;
}

}  // namespace attn::kernels
