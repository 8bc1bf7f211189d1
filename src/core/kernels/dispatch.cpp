// Run-time choice of instruction set, the machine's description, and the small pieces every
// kernel shares (packing W, the padded stride).
#include "core/kernels/dispatch.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>

#include "cpu/cpu_features.hpp"

namespace attn::kernels {

extern const Table kTable_sse2;
extern const char* const kBaselineLevelName;   // arch_sse2.cpp: the baseline's name (xsimd_compat.hpp)
#if ATTN_KERNELS_X86_LEVELS
extern const Table kTable_avx2;
extern const Table kTable_avx512;
#endif

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::naive: return "naive";
        case Kernel::flash: return "flash";
        case Kernel::kv_cache: return "kv-cache";
        case Kernel::recompute: return "recompute";
    }
    throw std::invalid_argument("kernel_name: unknown kernel");
}

const char* level_name(Level l) {
    switch (l) {
        case Level::sse2: return kBaselineLevelName;   // the baseline (xsimd_compat.hpp)
        case Level::avx2: return "avx2+fma";
        case Level::avx512: return "avx512f";
    }
    throw std::invalid_argument("level_name: unknown level");
}

std::vector<Level> supported_levels() {
    std::vector<Level> levels{Level::sse2};
#if ATTN_KERNELS_X86_LEVELS
    // The one chooser (src/cpu): AVX and AVX-512 count only where the OS saves their registers,
    // which xsimd 8.1's own detection does not check; ATTN_CPU lowers the level.
    if (cpu::level() >= cpu::Level::avx2) levels.push_back(Level::avx2);
    if (cpu::level() >= cpu::Level::avx512) levels.push_back(Level::avx512);
#endif
    return levels;
}

Level best_level() { return supported_levels().back(); }

const Table& table(Level level) {
    for (Level l : supported_levels()) {
        if (l != level) continue;
        switch (level) {
            case Level::sse2: return kTable_sse2;
#if ATTN_KERNELS_X86_LEVELS
            case Level::avx2: return kTable_avx2;
            case Level::avx512: return kTable_avx512;
#else
            default: break;
#endif
        }
    }
    throw std::invalid_argument(std::string("this CPU cannot run the ") + level_name(level) + " kernels");
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                const auto start = line.find_first_not_of(' ', colon + 1);
                return start == std::string::npos ? "unknown" : line.substr(start);
            }
        }
    }
    return "unknown";
}

void pack_weights(const Head& h, float q_scale, float* wpack) {
    for (std::size_t m = 0; m < h.d_model; ++m) {
        float* row = wpack + m * kPack;
        for (std::size_t c = 0; c < kHead; ++c) {
            row[c] = h.w_q[m * kHead + c] * q_scale;
            row[kHead + c] = h.w_k[m * kHead + c];
            row[2 * kHead + c] = h.w_v[m * kHead + c];
            row[3 * kHead + c] = 0.0f;
        }
    }
}

std::size_t padded(std::size_t t) { return ((t + kTile - 1) / kTile) * kTile; }

Result run(Kernel k, const Head& head, Meter& meter, const Settings& settings) {
    switch (k) {
        case Kernel::naive: return naive(head, meter, settings);
        case Kernel::flash: return flash(head, meter, settings);
        case Kernel::kv_cache: return kv_cache(head, meter, settings);
        case Kernel::recompute: return recompute(head, meter, settings);
    }
    throw std::invalid_argument("run: unknown kernel");
}

}  // namespace attn::kernels
