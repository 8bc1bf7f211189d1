#pragma once
// The kernels' building blocks (simd/*.hpp), compiled once for the architecture's baseline
// instruction set in arch_sse2.cpp (SSE2, NEON or WebAssembly SIMD128: xsimd_compat.hpp).
#include <cstddef>
#include <cstdint>

#include "core/kernels/kernels.hpp"

namespace attn::kernels {

// wpack: (d_model, kPack) row-major, columns [0, 8) W_q * q_scale, [8, 16) W_k, [16, 24) W_v,
// [24, 32) zero, so one row of x times wpack gives q, k and v in whole SIMD registers.
inline constexpr std::size_t kPack = 32;

struct Table {
    // Rows r0..r1 of x times wpack: q (row r - r0 of `q`, row-major (·, kHead)); k and v stored
    // dims-major at column r of kT, vT ((kHead, stride)), so a SIMD load holds consecutive keys.
    void (*project)(const float* x, std::size_t d_model, const float* wpack, std::size_t r0,
                    std::size_t r1, float* q, float* kT, float* vT, std::size_t stride);
    // One query (already scaled by 1/sqrt(d_head)) against keys [0, n_keys), online softmax over
    // tiles of kTile keys. scratch: kTile floats. Returns the multiplications performed.
    std::uint64_t (*attend_row)(const float* q, const float* kT, const float* vT, std::size_t stride,
                                std::size_t n_keys, float* scratch, float* out);
    // The naive head for query rows r0..r1: scores rows (t keys, masked), softmax, times v.
    // scores: (t, stride) row-major, the materialised T×T. Returns the multiplications.
    std::uint64_t (*naive_rows)(const float* q, const float* kT, const float* vT, std::size_t stride,
                                std::size_t t, bool causal, std::size_t r0, std::size_t r1,
                                float* scores, float* out);
};

const Table& table();

// Packs the three (d_model, kHead) weights into wpack (see kPack), W_q multiplied by q_scale.
void pack_weights(const Head& head, float q_scale, float* wpack);

// T rounded up to whole tiles: the stride of kT and vT, whose padding is zero.
std::size_t padded(std::size_t t);

}  // namespace attn::kernels
