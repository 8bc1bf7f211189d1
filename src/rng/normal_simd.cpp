// The choice of the generator's loops (normal_simd.hpp), from the one CPU chooser (src/cpu).
#include "rng/normal_simd.hpp"

#include <cstring>

#include "cpu/cpu_features.hpp"

namespace attn::rng::simd {
namespace {

const Kernels kScalar{"scalar", nullptr, nullptr};

}  // namespace

const Kernels* kernels_named(const char* name) {
    if (std::strcmp(name, "scalar") == 0) return &kScalar;
#if defined(__x86_64__)
    if (std::strcmp(name, "avx512") == 0 && cpu::hardware_level() >= cpu::Level::avx512) return &kAvx512;
#endif
    return nullptr;
}

const Kernels* kernels() {
    static const Kernels* chosen = cpu::level() >= cpu::Level::avx512 ? kernels_named("avx512") : &kScalar;
    return chosen;
}

}  // namespace attn::rng::simd
