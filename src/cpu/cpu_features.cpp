// cpu_features.hpp: glibc's <sys/platform/x86.h> (glibc >= 2.33) where CMake found it
// (ATTN_GLIBC_X86_FEATURES), libgcc's __builtin_cpu_supports elsewhere (same answers, more CPUIDs;
// tests/unit/cpu checks that the two agree).
#include "cpu/cpu_features.hpp"

#include <cstdlib>
#include <string>

#include "errors.hpp"

#if defined(__x86_64__) && ATTN_GLIBC_X86_FEATURES
#include <sys/platform/x86.h>
#endif

namespace attn::cpu {
namespace {

Level detect() {
#if defined(__x86_64__) && ATTN_GLIBC_X86_FEATURES
    // "Active": glibc has checked CPUID and XCR0 (AVX needs YMM state, AVX-512 also opmask/ZMM).
    const bool avx2 = CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(FMA);
    const bool avx512 = CPU_FEATURE_ACTIVE(AVX512F) && CPU_FEATURE_ACTIVE(AVX512CD) &&
                        CPU_FEATURE_ACTIVE(AVX512BW) && CPU_FEATURE_ACTIVE(AVX512DQ) &&
                        CPU_FEATURE_ACTIVE(AVX512VL);
#elif defined(__x86_64__)
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl");
#else
    const bool avx2 = false, avx512 = false;
#endif
    if (avx2 && avx512) return Level::avx512;
    return avx2 ? Level::avx2 : Level::baseline;
}

Level choose() {
    const Level hardware = hardware_level();
    const char* asked = std::getenv("ATTN_CPU");
    if (asked == nullptr || *asked == '\0') return hardware;
    const std::string name(asked);
    for (Level l : {Level::baseline, Level::avx2, Level::avx512}) {
        if (name != level_name(l)) continue;
        if (l > hardware) {
            throw UsageError("ATTN_CPU", name + ": this CPU runs at most " + level_name(hardware) +
                                             " (allowed: baseline, avx2, avx512, up to what the CPU runs)");
        }
        return l;
    }
    throw UsageError("ATTN_CPU", "must be baseline, avx2 or avx512 (got '" + name + "')");
}

}  // namespace

Level hardware_level() {
    static const Level detected = detect();
    return detected;
}

Level level() {
    static const Level chosen = choose();
    return chosen;
}

const char* level_name(Level l) {
    switch (l) {
        case Level::baseline: return "baseline";
        case Level::avx2: return "avx2";
        case Level::avx512: return "avx512";
    }
    return "baseline";
}

}  // namespace attn::cpu
