// Which x86-64 instruction sets this CPU runs and the OS has enabled (their register state
// saved, the XGETBV check), asked in one place for every run-time choice of loops: softmax's
// passes, numpy_exp's SVML kernel, the generator's SIMD normals and `attn cost`'s kernels.
// Read from glibc's CPU description, computed once by the dynamic loader (or the static
// start-up) before main, so asking executes no CPUID (about 8 us each in a VM;
// docs/performance.md, "Start-up: CPUID and the executed code"). On aarch64 every answer is no.
#pragma once

namespace attn::cpu {

enum class Feature { avx2, fma, avx512f, avx512cd, avx512bw, avx512dq, avx512vl, avx512ifma };

// True when the CPU has `f` and the OS saves its state: the answer of GCC's
// __builtin_cpu_supports, without libgcc's CPU model (which runs its own CPUIDs).
bool has(Feature f);

}  // namespace attn::cpu
