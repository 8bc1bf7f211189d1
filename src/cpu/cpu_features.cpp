// cpu_features.hpp: glibc's <sys/platform/x86.h> (glibc >= 2.33: Debian 12 has 2.36) on x86-64;
// tests/unit/cpu checks its answer against libgcc's __builtin_cpu_supports.
#include "cpu/cpu_features.hpp"

#include <cstdlib>
#include <string>

#include "errors.hpp"

#if defined(__x86_64__)
// glibc's header is C: its inline functions return _Bool, which g++ accepts in C++ and clang++
// does not (the sanitizer build); the same one-byte type is C++'s bool.
#if defined(__clang__)
#define _Bool bool
#include <sys/platform/x86.h>
#undef _Bool
#else
#include <sys/platform/x86.h>
#endif
#endif

namespace attn::cpu {
namespace {

Level detect() {
#if defined(__x86_64__)
    // "Active": glibc has checked CPUID and XCR0 (AVX-512 needs the opmask and ZMM state saved).
    const bool skx = CPU_FEATURE_ACTIVE(AVX512F) && CPU_FEATURE_ACTIVE(AVX512CD) &&
                     CPU_FEATURE_ACTIVE(AVX512BW) && CPU_FEATURE_ACTIVE(AVX512DQ) &&
                     CPU_FEATURE_ACTIVE(AVX512VL);
    return skx ? Level::avx512 : Level::baseline;
#else
    return Level::baseline;
#endif
}

Level choose() {
    const Level hardware = hardware_level();
    const char* asked = std::getenv("ATTN_CPU");
    if (asked == nullptr || *asked == '\0') return hardware;
    const std::string name(asked);
    if (name == "baseline") return Level::baseline;
    if (name == "avx512") {
        if (hardware == Level::avx512) return Level::avx512;
        throw UsageError("ATTN_CPU", "avx512: this CPU has no AVX-512 (allowed here: baseline)");
    }
    throw UsageError("ATTN_CPU", "must be baseline or avx512 (got '" + name + "')");
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

}  // namespace attn::cpu
