#include "core/address_space.hpp"
#include "core/blas_threads.hpp"

#include <cblas.h>
#include <openblas_config.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace attn::core {
namespace {

// The mappings of at least kBlasBufferBytes (/proc/self/maps: "from-to perms ...", hex).
int large_mappings() {
    std::FILE* f = std::fopen("/proc/self/maps", "r");
    if (!f) return 0;
    int count = 0;
    char* line = nullptr;
    std::size_t capacity = 0;
    while (getline(&line, &capacity, f) > 0) {
        unsigned long from = 0, to = 0;
        if (std::sscanf(line, "%lx-%lx", &from, &to) == 2 && static_cast<double>(to - from) >= kBlasBufferBytes) ++count;
    }
    std::free(line);
    std::fclose(f);
    return count;
}

}  // namespace

bool address_space_limited() {
    rlimit limit{};
    return getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
}

double address_space_left() {
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
        return std::numeric_limits<double>::infinity();
    }
    unsigned long pages = 0;   // statm's first field: the mapped size, in pages
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
        std::fclose(f);
    }
    const double mapped = static_cast<double>(pages) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
    const double left = static_cast<double>(limit.rlim_cur) - mapped;
    return left > 0 ? left : 0.0;
}

bool blas_maps_buffers_at_start() { return openblas_maps_buffers_at_start(OPENBLAS_VERSION); }

bool openblas_maps_buffers_at_start(const char* version) {
    int major = 0, minor = 0, patch = 0;
    const char* at = std::strstr(version, "OpenBLAS ");
    if (!at || std::sscanf(at + std::strlen("OpenBLAS "), "%d.%d.%d", &major, &minor, &patch) != 3) return true;
    return major > 0 || minor > 3 || (minor == 3 && patch >= 27);
}

int blas_threads_at_start(const char* const* envp) {
    // openblas_read_env and blas_get_cpu_number: the first of the three that is >= 1.
    static const char* const names[] = {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"};
    for (const char* name : names) {
        const std::size_t length = std::strlen(name);
        const char* value = nullptr;
        for (const char* const* at = envp; at && *at; ++at) {
            if (std::strncmp(*at, name, length) == 0 && (*at)[length] == '=') value = *at + length + 1;
        }
        const int n = value ? std::atoi(value) : 0;
        if (n >= 1) return n;
    }
    const int count = cpus_available();
    return count > 0 ? count : 1;
}

int blas_buffers_missing() {
    if (!address_space_limited()) return 0;
    const int needed = blas_threads();
    int mapped = 0;
    for (int wait = 0; wait < 10; ++wait) {   // the workers map theirs as they start
        mapped = large_mappings();
        if (mapped >= blas_threads() - 1) break;
        usleep(5000);
    }
    return mapped >= needed ? 0 : needed - mapped;
}

}  // namespace attn::core
