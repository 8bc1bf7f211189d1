#pragma once
// The lesson's head for query rows r0..r1, written as the lesson writes it, one whole pass per
// line (the T×T matrix is materialised in `scores`):
//   scores = q @ k.T / math.sqrt(d_head)             every key, as the full product does
//   scores = scores.masked_fill(~mask, -inf)         causal: key j > query i
//   weights = F.softmax(scores, dim=-1)              max, exp(s - max), times 1/sum
//   out = weights @ v                                every key again (masked weights are 0)
#include "core/kernels/simd/common.hpp"

namespace attn::kernels::simd {

template <class Arch>
std::uint64_t naive_rows(const float* q, const float* kT, const float* vT, std::size_t stride,
                         std::size_t t, bool causal, std::size_t r0, std::size_t r1, float* scores,
                         float* out) {
    using B = Batch<Arch>;
    constexpr std::size_t L = B::size;
    const std::size_t chunks = (t + L - 1) / L;
    const B root(2.8284271247461903f);   // math.sqrt(8) rounded to float32, as torch divides
    for (std::size_t i = r0; i < r1; ++i) {   // scores = q @ k.T / sqrt(d_head), then the mask
        B qc[kHead];
        for (std::size_t c = 0; c < kHead; ++c) qc[c] = B(q[i * kHead + c]);
        const std::size_t limit = causal ? i + 1 : t;
        float* row = scores + i * stride;
        for (std::size_t u = 0; u < chunks; ++u) {
            const std::size_t j = u * L;
            B s = qc[0] * B::load_aligned(kT + j);
            for (std::size_t c = 1; c < kHead; ++c) s = xsimd::fma(qc[c], B::load_aligned(kT + c * stride + j), s);
            s = s / root;
            if (j + L > limit) s = mask_from<Arch>(s, j, limit);
            s.store_aligned(row + j);
        }
    }
    for (std::size_t i = r0; i < r1; ++i) {   // weights = softmax(scores, dim=-1), in place
        float* row = scores + i * stride;
        B mx(kMinusInf);
        for (std::size_t u = 0; u < chunks; ++u) mx = xsimd::max(mx, B::load_aligned(row + u * L));
        const B mb(max_of<Arch>(mx));
        B sum(0.0f);
        for (std::size_t u = 0; u < chunks; ++u) {
            const B e = xsimd::exp(B::load_aligned(row + u * L) - mb);
            sum += e;
            e.store_aligned(row + u * L);
        }
        const B inv(1.0f / simd::reduce_add(sum));
        for (std::size_t u = 0; u < chunks; ++u) (B::load_aligned(row + u * L) * inv).store_aligned(row + u * L);
    }
    for (std::size_t i = r0; i < r1; ++i) {   // out = weights @ v
        const float* row = scores + i * stride;
        B acc[kHead];
        for (std::size_t c = 0; c < kHead; ++c) acc[c] = B(0.0f);
        for (std::size_t u = 0; u < chunks; ++u) {
            const B w = B::load_aligned(row + u * L);
            for (std::size_t c = 0; c < kHead; ++c) acc[c] = xsimd::fma(w, B::load_aligned(vT + c * stride + u * L), acc[c]);
        }
        for (std::size_t c = 0; c < kHead; ++c) out[i * kHead + c] = simd::reduce_add(acc[c]);
    }
    return 2 * kHead * t * (r1 - r0);   // q @ k.T and weights @ v, each over all t keys
}

}  // namespace attn::kernels::simd
