// cpu::hardware_level against libgcc's CPU model, and ATTN_CPU's lowering (ctest runs this
// executable again with ATTN_CPU set to each level: unit_cpu_<level>).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sched.h>
#endif

#include "cpu/cpu_features.hpp"
#include "errors.hpp"

using attn::cpu::Level;

TEST_CASE("cpu::hardware_level answers as __builtin_cpu_supports") {
#if defined(__x86_64__)
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl");
    const Level expected = avx2 && avx512 ? Level::avx512 : avx2 ? Level::avx2 : Level::baseline;
    CHECK(attn::cpu::hardware_level() == expected);
#else
    CHECK(attn::cpu::hardware_level() == Level::baseline);
#endif
}

TEST_CASE("cpu::level is ATTN_CPU when set, else the hardware's") {
    const char* asked = std::getenv("ATTN_CPU");
    if (asked == nullptr || *asked == '\0') {
        CHECK(attn::cpu::level() == attn::cpu::hardware_level());
    } else {
        const std::string name(asked);
        if (name == "baseline" || name == "avx2" || name == "avx512") {
            const Level asked_level = name == "baseline" ? Level::baseline : name == "avx2" ? Level::avx2 : Level::avx512;
            if (asked_level <= attn::cpu::hardware_level()) {
                CHECK(attn::cpu::level() == asked_level);
            } else {   // above what this CPU runs: refused, never silently lowered
                CHECK_THROWS_AS(attn::cpu::level(), attn::UsageError);
            }
        } else {
            CHECK_THROWS_AS(attn::cpu::level(), attn::UsageError);   // unit_cpu_bad sets "foo"
        }
    }
}

TEST_CASE("cpu::level_name") {
    CHECK(std::string(attn::cpu::level_name(Level::baseline)) == "baseline");
    CHECK(std::string(attn::cpu::level_name(Level::avx2)) == "avx2");
    CHECK(std::string(attn::cpu::level_name(Level::avx512)) == "avx512");
}
