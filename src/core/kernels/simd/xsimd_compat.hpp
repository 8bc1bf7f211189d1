#pragma once
// The one place where attn's kernels meet differences between xsimd versions, so that no kernel
// carries an #if. Supported: xsimd 8.1 (Debian 12) to 13.x (Debian 13; Ubuntu 24.04 has 12.1).
//   - The horizontal sum of a batch is xsimd::hadd in xsimd 8 and xsimd::reduce_add from xsimd 9
//     on (9 renamed it; 13 has no hadd). Both add the lanes; the kernels use it once per row,
//     outside every loop, and are not compared bit for bit (they may use FMA).
//   - The baseline instruction set, compiled into arch_sse2.cpp: SSE2 on x86-64 (every x86-64
//     CPU has it), NEON on aarch64 (every ARMv8-A CPU has it), SIMD128 on WebAssembly.
//   - (CMakeLists.txt: xsimd 13 compiles AVX-512DQ code only with -mavx512cd as well.)
// Tested: xsimd 8.1 (Debian 12) and 13.2 (Debian 13: tools/debian-chroot-check.sh).
#include <xsimd/xsimd.hpp>

namespace attn::kernels::simd {

template <class Arch>
inline float reduce_add(xsimd::batch<float, Arch> b) {
#if XSIMD_VERSION_MAJOR >= 9
    return xsimd::reduce_add(b);
#else
    return xsimd::hadd(b);
#endif
}

#if defined(__x86_64__)
using BaselineArch = xsimd::sse2;
inline constexpr const char* kBaselineName = "sse2";
#elif defined(__aarch64__)
using BaselineArch = xsimd::neon64;
inline constexpr const char* kBaselineName = "neon";
#elif defined(__wasm__) && defined(__SSE2__)
// The WebAssembly build (cmake/wasm.cmake) compiles the baseline with -msimd128 -msse2:
// Emscripten's SSE2 intrinsics, each a WebAssembly SIMD128 instruction or a few.
using BaselineArch = xsimd::sse2;
inline constexpr const char* kBaselineName = "wasm-simd128";
#else
#error "attn's kernels have a baseline for x86-64 (SSE2), aarch64 (NEON) and WebAssembly (SIMD128) only"
#endif

}  // namespace attn::kernels::simd
