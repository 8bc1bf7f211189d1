#include "experiments/checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <unistd.h>

#include "errors.hpp"

namespace attn::experiments {
namespace {

std::string human_bytes(double bytes) {
    char buf[64];
    if (bytes >= 1e12) std::snprintf(buf, sizeof buf, "%.1f TB", bytes / 1e12);
    else if (bytes >= 1e9) std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    else std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
    return buf;
}

// The shortest %g text that reads back as x: "(got 0.9999999)", not "(got 1)".
std::string number_text(double x) {
    char buf[40];
    for (int digits = 6; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (std::strtod(buf, nullptr) == x) break;
    }
    return buf;
}

}  // namespace

void require_in_range(const std::string& flag, long value, long lo, long hi,
                      const std::string& why) {
    if (value < lo || value > hi) {
        throw UsageError(flag, "must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                                   (why.empty() ? "" : ", " + why) + " (got " +
                                   std::to_string(value) + ")");
    }
}

std::string size_flags(long d, long n, long dq) {
    return "--d " + std::to_string(d) + " --n " + std::to_string(n) + " --dq " + std::to_string(dq);
}

void require_attention_shape(long d, long n, long dq) {
    require_in_range("--d", d, 1, kMaxDimension);
    require_in_range("--n", n, 1, kMaxDimension);
    require_in_range("--dq", dq, 1, kMaxDimension);
}

void require_finite_in(const std::string& flag, double value, double lo, double hi,
                       const std::string& why) {
    if (!std::isfinite(value) || value < lo || value > hi) {
        throw UsageError(flag, "must be a finite number in " + number_text(lo) + ".." +
                                   number_text(hi) + (why.empty() ? "" : "; " + why) + " (got " +
                                   number_text(value) + ")");
    }
}

double memory_limit_bytes() {
    static const double limit = [] {
        const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
        double machine = pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page)
                                               : 4.0 * (1ull << 30);
        std::ifstream cgroup("/sys/fs/cgroup/memory.max");   // "max" or bytes (cgroup v2)
        std::string value;
        if (cgroup >> value && !value.empty() && value.find_first_not_of("0123456789") == std::string::npos) {
            machine = std::min(machine, std::stod(value));
        }
        return std::min(0.75 * machine, kMemoryCeilingBytes);
    }();
    return limit;
}

void require_memory(double bytes, const std::string& flags) {
    const double limit = memory_limit_bytes();
    if (bytes > limit) {
        throw UsageError(flags, "would need about " + human_bytes(bytes) +
                                    " of memory; the limit on this machine is " +
                                    human_bytes(limit) + " (3/4 of its memory)");
    }
}

void require_draws(double draws, const std::string& flags) {
    if (draws > kMaxDraws) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", draws);
        throw UsageError(flags, std::string("would draw ") + buf +
                                    " normals; the limit is 2e9 (about 5 s)");
    }
}

void require_list(const std::string& flag, const std::vector<long>& values, long lo, long hi,
                  bool allow_empty) {
    if (values.empty() && !allow_empty) throw UsageError(flag, "must name at least one value");
    for (std::size_t i = 0; i < values.size(); ++i) {
        require_in_range(flag, values[i], lo, hi);
        if (std::find(values.begin(), values.begin() + static_cast<long>(i), values[i]) !=
            values.begin() + static_cast<long>(i)) {
            throw UsageError(flag, "lists " + std::to_string(values[i]) +
                                       " twice; each value may appear once");
        }
    }
}

}  // namespace attn::experiments
