// The WebAssembly build's CPU affinity: Emscripten's C library declares sched_getaffinity and
// CPU_COUNT's __sched_cpucount but does not define them. A module sees no CPUs of its own, so
// asking fails (ENOSYS), and attn's callers (core/blas_threads.cpp's cpus_available) take that as
// "no count": one thread.
#include <sched.h>

#include <cerrno>

extern "C" {

int sched_getaffinity(pid_t, size_t, cpu_set_t*) {
    errno = ENOSYS;
    return -1;
}

int __sched_cpucount(size_t size, const cpu_set_t* set) {
    int count = 0;
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(set);
    for (size_t i = 0; i < size; ++i)
        for (unsigned b = bytes[i]; b != 0; b &= b - 1) ++count;
    return count;
}

}  // extern "C"
