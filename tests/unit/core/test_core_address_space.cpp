// The address-space checks that run before OpenBLAS starts (src/cli/process.cpp's constructor):
// which OpenBLAS versions map their buffers in their own constructor, and the thread count read
// from the environment as OpenBLAS reads it.
#include <doctest/doctest.h>

#include <sched.h>

#include <cstdlib>
#include <string>

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
    const char* saved[3] = {std::getenv("OPENBLAS_NUM_THREADS"), std::getenv("GOTO_NUM_THREADS"),
                            std::getenv("OMP_NUM_THREADS")};
    const char* names[3] = {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"};
    std::string kept[3];
    for (int i = 0; i < 3; ++i) {
        if (saved[i]) kept[i] = saved[i];
        unsetenv(names[i]);
    }
    cpu_set_t cpus;
    REQUIRE(sched_getaffinity(0, sizeof cpus, &cpus) == 0);
    CHECK(blas_threads_at_start() == CPU_COUNT(&cpus));
    setenv("OMP_NUM_THREADS", "3", 1);
    CHECK(blas_threads_at_start() == 3);
    setenv("GOTO_NUM_THREADS", "5", 1);
    CHECK(blas_threads_at_start() == 5);
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    CHECK(blas_threads_at_start() == 1);
    setenv("OPENBLAS_NUM_THREADS", "0", 1);   // < 1 does not count: the next one does
    CHECK(blas_threads_at_start() == 5);
    setenv("GOTO_NUM_THREADS", "-2", 1);
    setenv("OMP_NUM_THREADS", "junk", 1);
    CHECK(blas_threads_at_start() == CPU_COUNT(&cpus));   // none >= 1: one per CPU
    for (int i = 0; i < 3; ++i) {
        if (saved[i]) setenv(names[i], kept[i].c_str(), 1); else unsetenv(names[i]);
    }
}
