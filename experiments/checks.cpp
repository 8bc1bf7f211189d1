#include "experiments/checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include "core/address_space.hpp"
#include "core/blas_threads.hpp"
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

void require_in_range(const std::string& flag, std::int64_t value, std::int64_t lo, std::int64_t hi,
                      const std::string& why, const std::vector<std::string>& bounded_by) {
    if (value < lo || value > hi) {
        UsageError e(flag, "must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                               (why.empty() ? "" : ", " + why) + " (got " + std::to_string(value) + ")");
        e.bounded_by = bounded_by;
        e.allowed = std::to_string(lo) + ".." + std::to_string(hi);
        throw e;
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

double run_peak_bytes(double compute_doubles, double report_numbers, OutputFormat format) {
    double peak = 8.0 * compute_doubles;
    if (format == OutputFormat::json) peak = std::max(peak, (8.0 + kJsonBytesPerNumber) * report_numbers);
    return peak + kProcessBytes;
}

namespace {

// A whole number of bytes, or 0 ("max", "", a cgroup v1 "no limit" of ~2^63).
double bytes_in(const std::string& text) {
    std::size_t end = text.find_first_not_of("0123456789");
    const std::string digits = text.substr(0, end);
    if (digits.empty() || (end != std::string::npos && text.find_first_not_of(" \n", end) != std::string::npos)) return 0;
    const double v = std::strtod(digits.c_str(), nullptr);
    return v >= 0x1p62 ? 0 : v;   // v1 writes 9223372036854771712 for "unlimited"
}

// "Key:   123 kB" in /proc/meminfo, in bytes; 0 when the key is missing.
double meminfo_bytes(const std::string& meminfo, const std::string& key) {
    const std::string line_start = "\n" + key + ":";
    const std::size_t at = ("\n" + meminfo).find(line_start);
    if (at == std::string::npos) return 0;
    return std::strtod(meminfo.c_str() + at + key.size() + 1, nullptr) * 1024.0;
}

}  // namespace

MemoryFacts read_memory_facts(const std::function<std::string(const std::string&)>& read) {
    MemoryFacts f;
    const std::string meminfo = read("/proc/meminfo");
    f.total = meminfo_bytes(meminfo, "MemTotal");
    f.available = meminfo_bytes(meminfo, "MemAvailable");
    // /proc/self/cgroup: "0::/path" (v2) and "N:memory:/path" or "N:cpu,memory:/path" (v1). The
    // limit that applies is the tightest of the cgroup's and its parents'.
    const std::string self = read("/proc/self/cgroup");
    std::size_t start = 0;
    while (start < self.size()) {
        std::size_t end = self.find('\n', start);
        if (end == std::string::npos) end = self.size();
        const std::string line = self.substr(start, end - start);
        start = end + 1;
        const std::size_t c1 = line.find(':'), c2 = c1 == std::string::npos ? c1 : line.find(':', c1 + 1);
        if (c2 == std::string::npos) continue;
        const std::string controllers = "," + line.substr(c1 + 1, c2 - c1 - 1) + ",";
        std::string path = line.substr(c2 + 1);
        const bool v2 = line.compare(0, c2 + 1, "0::") == 0;
        if (!v2 && controllers.find(",memory,") == std::string::npos) continue;
        const std::string root = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
        const std::string limit_file = v2 ? "/memory.max" : "/memory.limit_in_bytes";
        const std::string usage_file = v2 ? "/memory.current" : "/memory.usage_in_bytes";
        for (;;) {   // the cgroup, then each parent up to the root
            if (!path.empty() && path.back() == '/') path.pop_back();
            const double limit = bytes_in(read(root + path + limit_file));
            if (limit > 0 && (f.cgroup_limit == 0 || limit < f.cgroup_limit)) {
                f.cgroup_limit = limit;
                f.cgroup_usage = bytes_in(read(root + path + usage_file));
            }
            if (path.empty()) break;
            path.erase(path.rfind('/'));
        }
    }
    return f;
}

double memory_limit_from(const MemoryFacts& f) {
    double machine = f.total > 0 ? f.total : 4.0 * (1ull << 30);
    double now = f.available > 0 ? f.available : machine;
    if (f.cgroup_limit > 0) {
        machine = std::min(machine, f.cgroup_limit);
        now = std::min(now, std::max(0.0, f.cgroup_limit - f.cgroup_usage));
    }
    return std::min({0.75 * machine, now, kMemoryCeilingBytes});
}

double memory_limit_bytes() {
    static const double limit = [] {
        MemoryFacts f = read_memory_facts([](const std::string& path) {
            std::ifstream in(path);
            return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        });
        if (f.total <= 0) {
            const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
            if (pages > 0 && page > 0) f.total = static_cast<double>(pages) * static_cast<double>(page);
        }
        return memory_limit_from(f);
    }();
    return limit;
}

void require_memory(double bytes, const std::string& flags) {
    const double limit = memory_limit_bytes();
    if (bytes > limit) {
        throw UsageError(flags, "would need about " + human_bytes(bytes) +
                                    " of memory; the limit on this machine now is " + human_bytes(limit) +
                                    " (the memory available, at most 3/4 of the machine's or its cgroup's)");
    }
    // Under `ulimit -v` OpenBLAS's buffers must fit too, or its next call would retry a failed
    // map forever (core/address_space.hpp): refused here instead.
    if (!core::address_space_limited()) return;
    const int missing = core::blas_buffers_missing();
    const double left = core::address_space_left();
    // Each missing buffer's worker also maps its 8 MiB stack when the pool starts, and the loader,
    // malloc and OpenBLAS map ~16 MiB more beside them (measured: attention --n 600 --d 600 at
    // ulimit -v 340000 passed the bare estimate and ran out of address space).
    const double needed = missing > 0 ? bytes + missing * (core::kBlasBufferBytes + 8.0 * (1 << 20)) + 16.0 * (1 << 20)
                                      : bytes;
    if (needed > left) {
        throw UsageError(flags, "would need about " + human_bytes(needed) + " more address space (" +
                                    std::to_string(missing) + " of OpenBLAS's work buffers of 134 MB still to map, one for each of its " +
                                    std::to_string(core::blas_threads()) + " thread(s)); the limit (ulimit -v) leaves " +
                                    human_bytes(left) + ": raise it, or set OPENBLAS_NUM_THREADS=1");
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
                  bool allow_empty, const std::vector<std::string>& bounded_by) {
    if (values.empty() && !allow_empty) throw UsageError(flag, "must name at least one value");
    for (std::size_t i = 0; i < values.size(); ++i) {
        require_in_range(flag, values[i], lo, hi, "", bounded_by);
        if (std::find(values.begin(), values.begin() + static_cast<long>(i), values[i]) !=
            values.begin() + static_cast<long>(i)) {
            throw UsageError(flag, "lists " + std::to_string(values[i]) +
                                       " twice; each value may appear once");
        }
    }
}

}  // namespace attn::experiments
