// The one answer to "which exp does NumPy use on this CPU": numpy_exp's SVML kernel runs where
// NumPy's AVX512_SKX loops would (a correctness question: NumPy's last bits differ there). Read
// from glibc's CPU description, computed once by the dynamic loader (or the static start-up)
// before main, so asking executes no CPUID (each costs about 8 us in a VM). On any
// other architecture (aarch64, WebAssembly) the answer is the baseline.
//
// ATTN_CPU=baseline|avx2|avx512 lowers the level for tests and for a host that wants to imitate
// a smaller CPU's NumPy (tests/CMakeLists.txt runs exp at each level this CPU has); a
// value that is not one of these, or above what this CPU runs, is a usage error (exit 2).
#pragma once

namespace attn::cpu {

// Each level includes the ones below it.
//  baseline: SSE2 on x86-64, what every x86-64 CPU has (the compiler's default)
//  avx2:     AVX2 and FMA, with the OS saving the YMM state
//  avx512:   AVX-512 F, CD, BW, DQ and VL with the ZMM state saved: NumPy's AVX512_SKX, the set
//            NumPy's own float64 exp (SVML) needs, and what every AVX-512 CPU since Skylake-X has
enum class Level { baseline = 0, avx2 = 1, avx512 = 2 };

// The level the loops use: what the CPU runs, lowered by ATTN_CPU. Decided at the first call;
// throws attn::UsageError naming ATTN_CPU and the allowed values for a bad value.
Level level();

// What the CPU itself runs, ignoring ATTN_CPU.
Level hardware_level();

// "baseline", "avx2" or "avx512".
const char* level_name(Level l);

}  // namespace attn::cpu
