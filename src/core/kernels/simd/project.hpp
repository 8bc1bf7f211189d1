#pragma once
// q, k, v = x W_q, x W_k, x W_v for rows r0..r1, all three from one pass over x's row:
// row r of x (d_model numbers) times wpack (d_model, 32) = [q_r | k_r | v_r | 0].
#include "core/kernels/simd/common.hpp"

namespace attn::kernels::simd {

template <class Arch>
void project(const float* x, std::size_t d_model, const float* wpack, std::size_t r0, std::size_t r1,
             float* q, float* kT, float* vT, std::size_t stride) {
    using B = Batch<Arch>;
    constexpr std::size_t L = B::size, V = kPack / L;
    for (std::size_t r = r0; r < r1; ++r) {
        B acc[V];
        for (std::size_t u = 0; u < V; ++u) acc[u] = B(0.0f);
        const float* xr = x + r * d_model;
        for (std::size_t m = 0; m < d_model; ++m) {   // Σ_m x(r, m) W(m, ·)
            const B xm(xr[m]);
            for (std::size_t u = 0; u < V; ++u) {
                acc[u] = xsimd::fma(xm, B::load_aligned(wpack + m * kPack + u * L), acc[u]);
            }
        }
        alignas(64) float row[kPack];
        for (std::size_t u = 0; u < V; ++u) acc[u].store_aligned(row + u * L);
        for (std::size_t c = 0; c < kHead; ++c) {
            q[(r - r0) * kHead + c] = row[c];
            kT[c * stride + r] = row[kHead + c];
            vT[c * stride + r] = row[2 * kHead + c];
        }
    }
}

}  // namespace attn::kernels::simd
