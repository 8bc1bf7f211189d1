// cpu::hardware_level against libgcc's CPU model, and ATTN_CPU's choice (ctest runs this
// executable again with ATTN_CPU set to each value and to a bad one: unit_cpu_<value>).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "cpu/cpu_features.hpp"
#include "errors.hpp"

using attn::cpu::Level;

TEST_CASE("cpu::hardware_level answers as __builtin_cpu_supports") {
#if defined(__x86_64__)
    __builtin_cpu_init();
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl");
    CHECK(attn::cpu::hardware_level() == (avx512 ? Level::avx512 : Level::baseline));
#else
    CHECK(attn::cpu::hardware_level() == Level::baseline);
#endif
}

TEST_CASE("cpu::level is ATTN_CPU when set, else the hardware's") {
    const char* asked = std::getenv("ATTN_CPU");
    if (asked == nullptr || *asked == '\0') {
        CHECK(attn::cpu::level() == attn::cpu::hardware_level());
    } else if (std::string(asked) == "baseline") {
        CHECK(attn::cpu::level() == Level::baseline);   // glibc's exp on any CPU
    } else if (std::string(asked) == "avx512" && attn::cpu::hardware_level() == Level::avx512) {
        CHECK(attn::cpu::level() == Level::avx512);
    } else {   // avx512 without AVX-512, or not a value (unit_cpu_avx2, unit_cpu_foo): refused
        CHECK_THROWS_AS(attn::cpu::level(), attn::UsageError);
    }
}
