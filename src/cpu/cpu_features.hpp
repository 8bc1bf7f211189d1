// The one answer to "which exp does NumPy use on this CPU": numpy_exp's SVML kernel runs where
// NumPy's AVX512_SKX loops would (a correctness question: NumPy's last bits differ there), glibc's
// exp everywhere else. Read from glibc's CPU description (<sys/platform/x86.h>), computed once by
// the dynamic loader (or the static start-up) before main, so asking executes no CPUID. On any
// other architecture (aarch64, WebAssembly) the answer is the baseline.
//
// ATTN_CPU=baseline|avx512 chooses for tests, and for a host that wants to imitate a smaller
// CPU's NumPy: baseline is glibc's exp on any CPU; avx512 is the SVML port, only where the CPU
// runs it. Any other value, or avx512 on a CPU without it, is a usage error (exit 2).
#pragma once

namespace attn::cpu {

//  baseline: what every CPU of the architecture runs (SSE2 on x86-64): NumPy's exp is glibc's
//  avx512:   AVX-512 F, CD, BW, DQ and VL with the ZMM state saved: NumPy's AVX512_SKX, the set
//            NumPy's own float64 exp (SVML) needs, and what every AVX-512 CPU since Skylake-X has
enum class Level { baseline = 0, avx512 = 1 };

// The level numpy_exp asks: what the CPU runs, or ATTN_CPU's choice. Decided at the first call;
// throws attn::UsageError naming ATTN_CPU and the allowed values for a bad value.
Level level();

// What the CPU itself runs, ignoring ATTN_CPU.
Level hardware_level();

}  // namespace attn::cpu
