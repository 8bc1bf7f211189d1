#pragma once
// One query against keys 0..n_keys-1 with an online softmax (Milakov & Gimelshein 2018; the
// inner loop of FlashAttention): keys come in tiles of kTile. For each tile
//   s_j   = q · k_j                        (q already carries 1/sqrt(d_head))
//   m'    = max(m, max_j s_j)              running max, for exp's range only
//   l     = l exp(m - m') + Σ_j exp(s_j - m')
//   acc   = acc exp(m - m') + Σ_j exp(s_j - m') v_j
// and out = acc / l at the end: softmax(s) v without ever holding more than one tile of scores.
// Tiles at or after n_keys (for a causal query i, n_keys = i + 1) are never visited.
#include "core/kernels/simd/common.hpp"

namespace attn::kernels::simd {

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
    float m = kMinusInf, l = 0.0f;
    for (std::size_t j0 = 0; j0 < n_keys; j0 += kTile) {
        const std::size_t j1 = j0 + kTile < n_keys ? j0 + kTile : n_keys;
        const std::size_t chunks = (j1 - j0 + L - 1) / L;
        B tile_max(kMinusInf);
        for (std::size_t u = 0; u < chunks; ++u) {   // scores of this tile, L keys at a time
            const std::size_t j = j0 + u * L;
            B s = qc[0] * B::load_aligned(kT + j);
            for (std::size_t c = 1; c < kHead; ++c) s = xsimd::fma(qc[c], B::load_aligned(kT + c * stride + j), s);
            if (j + L > j1) s = mask_from<Arch>(s, j, j1);
            s.store_aligned(scratch + u * L);
            tile_max = xsimd::max(tile_max, s);
        }
        const float tmax = max_of<Arch>(tile_max);
        const float m_new = tmax > m ? tmax : m;
        const float correction = __builtin_expf(m - m_new);   // exp(-inf) = 0 on the first tile
        const B mb(m_new), cb(correction);
        B sum(0.0f);
        for (std::size_t c = 0; c < kHead; ++c) acc[c] *= cb;
        for (std::size_t u = 0; u < chunks; ++u) {
            const std::size_t j = j0 + u * L;
            const B p = xsimd::exp(B::load_aligned(scratch + u * L) - mb);
            sum += p;
            for (std::size_t c = 0; c < kHead; ++c) acc[c] = xsimd::fma(p, B::load_aligned(vT + c * stride + j), acc[c]);
        }
        l = l * correction + xsimd::hadd(sum);
        m = m_new;
    }
    for (std::size_t c = 0; c < kHead; ++c) out[c] = xsimd::hadd(acc[c]) / l;
    return 2 * kHead * n_keys;   // q·k and p·v for every kept key (masked lanes are not counted)
}

}  // namespace attn::kernels::simd
