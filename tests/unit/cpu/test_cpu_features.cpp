// cpu::has against libgcc's CPU model: the same answer for every feature attn asks about.
#include <doctest/doctest.h>

#include <utility>

#include "cpu/cpu_features.hpp"

using attn::cpu::Feature;
using attn::cpu::has;

TEST_CASE("cpu::has answers as __builtin_cpu_supports for every feature") {
#if defined(__x86_64__)
    __builtin_cpu_init();
    const std::pair<Feature, bool> expected[] = {
        {Feature::avx2, __builtin_cpu_supports("avx2") != 0},
        {Feature::fma, __builtin_cpu_supports("fma") != 0},
        {Feature::avx512f, __builtin_cpu_supports("avx512f") != 0},
        {Feature::avx512cd, __builtin_cpu_supports("avx512cd") != 0},
        {Feature::avx512bw, __builtin_cpu_supports("avx512bw") != 0},
        {Feature::avx512dq, __builtin_cpu_supports("avx512dq") != 0},
        {Feature::avx512vl, __builtin_cpu_supports("avx512vl") != 0},
        {Feature::avx512ifma, __builtin_cpu_supports("avx512ifma") != 0},
    };
    for (const auto& [feature, libgcc] : expected) {
        CAPTURE(static_cast<int>(feature));
        CHECK(has(feature) == libgcc);
    }
#else
    for (Feature f : {Feature::avx2, Feature::fma, Feature::avx512f, Feature::avx512ifma}) CHECK_FALSE(has(f));
#endif
}
