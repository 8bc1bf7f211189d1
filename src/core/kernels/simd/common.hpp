#pragma once
// Included only by arch_<level>.cpp, each compiled for one instruction set. Every function here
// is a template on the xsimd architecture, so each instruction set gets its own symbols and no
// AVX-512 code can stand in for the baseline's (no std:: templates are instantiated here).
#include <cstddef>
#include <cstdint>

#include "core/kernels/simd/xsimd_compat.hpp"

#include "core/kernels/dispatch.hpp"

namespace attn::kernels::simd {

template <class Arch>
using Batch = xsimd::batch<float, Arch>;

// Lane j holds j: added to a chunk's first key index it gives each lane's key index.
alignas(64) inline constexpr float kIota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

inline constexpr float kMinusInf = -__builtin_inff();

// Lanes whose key index (first + lane) is >= limit become `fill`: past the diagonal (causal) or
// past T (the zero padding); their softmax weight is then 0.
template <class Arch>
inline Batch<Arch> mask_from(Batch<Arch> s, std::size_t first, std::size_t limit, float fill = kMinusInf) {
    const Batch<Arch> key = Batch<Arch>::load_aligned(kIota) + Batch<Arch>(static_cast<float>(first));
    return xsimd::select(key < Batch<Arch>(static_cast<float>(limit)), s, Batch<Arch>(fill));
}

template <class Arch>
inline float max_of(Batch<Arch> b) {
    alignas(64) float lanes[Batch<Arch>::size];
    b.store_aligned(lanes);
    float m = lanes[0];
    for (std::size_t i = 1; i < Batch<Arch>::size; ++i) m = lanes[i] > m ? lanes[i] : m;
    return m;
}

}  // namespace attn::kernels::simd
