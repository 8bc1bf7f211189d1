// See blas_threads.hpp: OpenBLAS's pool deferred until a product could be split.
#include "core/blas_threads.hpp"

#include <sched.h>

#include <cstdlib>
#include <cstring>

extern "C" {
void openblas_set_num_threads(int num_threads);
char* openblas_get_config(void);
int openblas_get_num_threads(void);
}

namespace attn::core {
namespace {

int g_threads = 0;   // OpenBLAS's own count, to be set; 0: nothing deferred

bool set(const char* name) { return std::getenv(name) != nullptr; }

// Runs before OpenBLAS's constructor (priority 101: before every unprioritised constructor, as
// the linker sorts .init_array.00101 ahead of .init_array) when OpenBLAS is linked statically.
// Linked as a shared library (the default build), OpenBLAS initialises before the program's
// constructors and has already started its own pool (its count, read here, is above 1; before its
// constructor it is 0): nothing is deferred then, as in NumPy.
__attribute__((constructor(101))) void start_openblas_single() {
    if (set("OPENBLAS_NUM_THREADS") || set("GOTO_NUM_THREADS") || set("OMP_NUM_THREADS")) return;
    if (openblas_get_num_threads() > 1) return;
    const int count = cpus_available();
    if (count <= 1) return;
    g_threads = count;
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
}

// OpenBLAS's MAX_THREADS (its config string: "... MAX_THREADS=64"); 0 when it does not say.
int openblas_max_threads() {
    const char* config = openblas_get_config();
    const char* at = config ? std::strstr(config, "MAX_THREADS=") : nullptr;
    return at ? std::atoi(at + std::strlen("MAX_THREADS=")) : 0;
}

}  // namespace

int cpus_available() {
    cpu_set_t cpus;
    return sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 0;
}

int blas_threads_planned() {
    if (g_threads == 0) {
        const int n = openblas_get_num_threads();
        return n > 0 ? n : 1;
    }
    const int cap = openblas_max_threads();
    return cap > 0 && g_threads > cap ? cap : g_threads;
}

void before_blas(double work) {
    if (g_threads == 0 || work <= kSingleThreadWork) return;
    const int threads = blas_threads_planned();
    g_threads = 0;
    unsetenv("OPENBLAS_NUM_THREADS");   // the variable was attn's, not the user's
    openblas_set_num_threads(threads);
}

void set_blas_threads(int threads) {
    g_threads = 0;
    openblas_set_num_threads(threads);
}

bool blas_threads_deferred() { return g_threads != 0; }

}  // namespace attn::core
