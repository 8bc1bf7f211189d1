// See blas_threads.hpp: OpenBLAS's thread count.
#include "core/blas_threads.hpp"

#include <sched.h>

extern "C" {
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
}

namespace attn::core {

int cpus_available() {
    cpu_set_t cpus;
    return sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 0;
}

int blas_threads() {
    const int n = openblas_get_num_threads();
    return n > 0 ? n : 1;
}

void set_blas_threads(int threads) { openblas_set_num_threads(threads); }

}  // namespace attn::core
