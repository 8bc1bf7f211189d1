// The one table of building blocks, the machine's description, and the small pieces every
// kernel shares (packing W, the padded stride).
#include "core/kernels/dispatch.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>


namespace attn::kernels {

extern const Table kTable_sse2;
extern const char* const kBaselineLevelName;   // arch_sse2.cpp: the baseline's name (xsimd_compat.hpp)

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::naive: return "naive";
        case Kernel::flash: return "flash";
        case Kernel::kv_cache: return "kv-cache";
        case Kernel::recompute: return "recompute";
    }
    throw std::invalid_argument("kernel_name: unknown kernel");
}

const char* simd_name() { return kBaselineLevelName; }

const Table& table() { return kTable_sse2; }

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
