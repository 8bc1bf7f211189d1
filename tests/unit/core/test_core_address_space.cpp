// The address-space checks that run before OpenBLAS starts (src/cli/process.cpp, from .preinit_array):
// which OpenBLAS versions map their buffers in their own constructor, and the thread count read
// from the environment as OpenBLAS reads it.
#include <doctest/doctest.h>

#include <sched.h>

#include <vector>

#include "core/address_space.hpp"

using attn::core::blas_threads_at_start;
using attn::core::openblas_maps_buffers_at_start;

TEST_CASE("OpenBLAS 0.3.27 and later map their buffers as they start; 0.3.21 does not") {
    CHECK_FALSE(openblas_maps_buffers_at_start(" OpenBLAS 0.3.21 "));   // Debian 12
    CHECK_FALSE(openblas_maps_buffers_at_start(" OpenBLAS 0.3.26 "));
    CHECK(openblas_maps_buffers_at_start(" OpenBLAS 0.3.27 "));          // pull request #4577
    CHECK(openblas_maps_buffers_at_start(" OpenBLAS 0.3.29 "));          // Debian 13
    CHECK(openblas_maps_buffers_at_start(" OpenBLAS 0.4.0 "));
    CHECK(openblas_maps_buffers_at_start(" OpenBLAS 1.0.0 "));
    CHECK(openblas_maps_buffers_at_start("something else"));   // unreadable: check early
}

TEST_CASE("OpenBLAS's thread count at start, from the environment in OpenBLAS's order") {
    // An environment as the loader hands it to .preinit_array: "NAME=value" strings, then NULL.
    const auto threads = [](std::vector<const char*> env) {
        env.push_back(nullptr);
        return blas_threads_at_start(env.data());
    };
    cpu_set_t cpus;
    REQUIRE(sched_getaffinity(0, sizeof cpus, &cpus) == 0);
    const int per_cpu = CPU_COUNT(&cpus);
    CHECK(threads({}) == per_cpu);
    CHECK(blas_threads_at_start(nullptr) == per_cpu);
    CHECK(threads({"HOME=/root", "OMP_NUM_THREADS=3"}) == 3);
    CHECK(threads({"OMP_NUM_THREADS=3", "GOTO_NUM_THREADS=5"}) == 5);
    CHECK(threads({"OPENBLAS_NUM_THREADS=1", "OMP_NUM_THREADS=3", "GOTO_NUM_THREADS=5"}) == 1);
    // < 1 does not count: the next one does
    CHECK(threads({"OPENBLAS_NUM_THREADS=0", "OMP_NUM_THREADS=3", "GOTO_NUM_THREADS=5"}) == 5);
    CHECK(threads({"OPENBLAS_NUM_THREADS=0", "GOTO_NUM_THREADS=-2", "OMP_NUM_THREADS=junk"}) == per_cpu);
    // A name that only begins like one, or a value without its '=': not that variable
    CHECK(threads({"OPENBLAS_NUM_THREADSX=4", "XOPENBLAS_NUM_THREADS=4", "OPENBLAS_NUM_THREADS"}) == per_cpu);
}
