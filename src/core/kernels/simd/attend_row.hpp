#pragma once
// One query against keys 0..n_keys-1 with an online softmax (Milakov & Gimelshein 2018; the
// inner loop of FlashAttention). Keys come in tiles of kTile, L keys per SIMD register, and each
// of the L lanes keeps its own running softmax over the keys it sees (keys j ≡ lane mod L):
//   s_j   = q · k_j                              (q already carries 1/sqrt(d_head))
//   m'    = max(m, max over the tile of s_j)     running max, only to keep exp in range
//   l     = l exp(m - m') + Σ_j exp(s_j - m')
//   acc   = acc exp(m - m') + Σ_j exp(s_j - m') v_j
// At the end the lanes are merged once, M = max of m, each lane weighted by exp(m - M):
//   out = Σ acc exp(m - M) / Σ l exp(m - M)  =  softmax(s) v,
// never holding more than one tile of scores, and with no horizontal step inside the loop.
// Tiles at or after n_keys (for a causal query i, n_keys = i + 1) are never visited.
#include "core/kernels/simd/common.hpp"

namespace attn::kernels::simd {

// Masked lanes get this finite score, not -inf: a lane that has seen only masked keys then has
// m = kMasked and exp(m - m') stays defined (no -inf - -inf); at the merge its weight is
// exp(kMasked - M) = 0, because every row has at least one kept key (key 0) with a real score.
inline constexpr float kMasked = -1e30f;

template <class Arch>
std::uint64_t attend_row(const float* q, const float* kT, const float* vT, std::size_t stride,
                         std::size_t n_keys, float* scratch, float* out) {
    using B = Batch<Arch>;
    constexpr std::size_t L = B::size;
    B qc[kHead], acc[kHead];
    for (std::size_t c = 0; c < kHead; ++c) {
        qc[c] = B(q[c]);
        acc[c] = B(0.0f);
    }
    B m(kMasked), l(0.0f);
    for (std::size_t j0 = 0; j0 < n_keys; j0 += kTile) {
        const std::size_t j1 = j0 + kTile < n_keys ? j0 + kTile : n_keys;
        const std::size_t chunks = (j1 - j0 + L - 1) / L;
        B m_new = m;
        for (std::size_t u = 0; u < chunks; ++u) {   // scores of this tile, L keys at a time
            const std::size_t j = j0 + u * L;
            B s = qc[0] * B::load_aligned(kT + j);
            for (std::size_t c = 1; c < kHead; ++c) s = xsimd::fma(qc[c], B::load_aligned(kT + c * stride + j), s);
            if (j + L > j1) s = mask_from<Arch>(s, j, j1, kMasked);
            s.store_aligned(scratch + u * L);
            m_new = xsimd::max(m_new, s);
        }
        const B correction = xsimd::exp(m - m_new);   // 1 where the lane's max did not grow
        l *= correction;
        for (std::size_t c = 0; c < kHead; ++c) acc[c] *= correction;
        for (std::size_t u = 0; u < chunks; ++u) {
            const std::size_t j = j0 + u * L;
            const B p = xsimd::exp(B::load_aligned(scratch + u * L) - m_new);
            l += p;
            for (std::size_t c = 0; c < kHead; ++c) acc[c] = xsimd::fma(p, B::load_aligned(vT + c * stride + j), acc[c]);
        }
        m = m_new;
    }
    const B weight = xsimd::exp(m - B(max_of<Arch>(m)));   // merge the lanes
    const float total = simd::reduce_add(l * weight);
    for (std::size_t c = 0; c < kHead; ++c) out[c] = simd::reduce_add(acc[c] * weight) / total;
    return 2 * kHead * n_keys;   // q·k and p·v for every kept key (masked lanes are not counted)
}

}  // namespace attn::kernels::simd
