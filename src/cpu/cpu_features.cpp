// cpu_features.hpp: glibc's <sys/platform/x86.h> (glibc >= 2.33) where CMake found it
// (ATTN_GLIBC_X86_FEATURES), libgcc's __builtin_cpu_supports elsewhere (same answers, more CPUIDs).
#include "cpu/cpu_features.hpp"

#if defined(__x86_64__) && ATTN_GLIBC_X86_FEATURES
#include <sys/platform/x86.h>
#endif

namespace attn::cpu {

bool has(Feature f) {
#if defined(__x86_64__) && ATTN_GLIBC_X86_FEATURES
    // "Active": glibc has checked CPUID and XCR0 (AVX needs YMM state, AVX-512 also opmask/ZMM).
    switch (f) {
        case Feature::avx2: return CPU_FEATURE_ACTIVE(AVX2);
        case Feature::fma: return CPU_FEATURE_ACTIVE(FMA);
        case Feature::avx512f: return CPU_FEATURE_ACTIVE(AVX512F);
        case Feature::avx512cd: return CPU_FEATURE_ACTIVE(AVX512CD);
        case Feature::avx512bw: return CPU_FEATURE_ACTIVE(AVX512BW);
        case Feature::avx512dq: return CPU_FEATURE_ACTIVE(AVX512DQ);
        case Feature::avx512vl: return CPU_FEATURE_ACTIVE(AVX512VL);
        case Feature::avx512ifma: return CPU_FEATURE_ACTIVE(AVX512_IFMA);
    }
    return false;
#elif defined(__x86_64__)
    __builtin_cpu_init();
    switch (f) {
        case Feature::avx2: return __builtin_cpu_supports("avx2");
        case Feature::fma: return __builtin_cpu_supports("fma");
        case Feature::avx512f: return __builtin_cpu_supports("avx512f");
        case Feature::avx512cd: return __builtin_cpu_supports("avx512cd");
        case Feature::avx512bw: return __builtin_cpu_supports("avx512bw");
        case Feature::avx512dq: return __builtin_cpu_supports("avx512dq");
        case Feature::avx512vl: return __builtin_cpu_supports("avx512vl");
        case Feature::avx512ifma: return __builtin_cpu_supports("avx512ifma");
    }
    return false;
#else
    (void)f;
    return false;
#endif
}

}  // namespace attn::cpu
