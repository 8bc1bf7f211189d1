// Run-time choice of the generator's SIMD loops (normal_simd.hpp).
#include "rng/normal_simd.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cpu/cpu_features.hpp"

namespace attn::rng::simd {
namespace {

const Kernels kScalar{"scalar", nullptr, nullptr};

bool runs(const char* name) {
    if (std::strcmp(name, "scalar") == 0) return true;
#if defined(__x86_64__)
    // AVX and AVX-512 count only where the OS saves their registers (cpu/cpu_features.hpp), as
    // for `attn cost`'s dispatch.
    using cpu::Feature;
    const bool avx512 = cpu::has(Feature::avx512f) && cpu::has(Feature::avx512dq);
    if (std::strcmp(name, "avx2") == 0) return cpu::has(Feature::avx2);
    if (std::strcmp(name, "avx512") == 0) return avx512;
    if (std::strcmp(name, "avx512ifma") == 0) return avx512 && cpu::has(Feature::avx512ifma);
#endif
    return false;
}

const Kernels* choose() {
    const char* asked = std::getenv("ATTN_RNG_SIMD");
    if (asked != nullptr && *asked != '\0') {
        const Kernels* k = kernels_named(asked);
        if (k == nullptr) {
            throw std::runtime_error(std::string("ATTN_RNG_SIMD=") + asked +
                                     ": this CPU does not run it (scalar, avx2, avx512 or avx512ifma)");
        }
        return k;
    }
    for (const char* name : {"avx512ifma", "avx512", "avx2"}) {
        if (const Kernels* k = kernels_named(name)) return k;
    }
    return &kScalar;
}

}  // namespace

const Kernels* kernels_named(const char* name) {
    if (!runs(name)) return nullptr;
#if defined(__x86_64__)
    if (std::strcmp(name, "avx2") == 0) return &kAvx2;
    if (std::strcmp(name, "avx512") == 0) return &kAvx512;
    if (std::strcmp(name, "avx512ifma") == 0) return &kAvx512Ifma;
#endif
    return &kScalar;
}

const Kernels* kernels() {
    static const Kernels* chosen = choose();
    return chosen;
}

}  // namespace attn::rng::simd
