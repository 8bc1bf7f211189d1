#include "cli/process.hpp"

#include <csignal>
#include <cstdio>

#include <sys/resource.h>
#include <unistd.h>

#include "core/address_space.hpp"

namespace attn::cli {

void set_signal_policy() {
    std::signal(SIGPIPE, SIG_DFL);
    std::signal(SIGXFSZ, SIG_IGN);
}

namespace {

// Runs before every library's constructor, OpenBLAS's included: an executable's .preinit_array
// is called by the loader after relocation and before any initialiser (ELF gABI; glibc's
// _dl_init), for the shared OpenBLAS of the default build as for the static release's. An OpenBLAS
// that maps its buffers as it starts (core/address_space.hpp) retries a failed map forever: under
// a `ulimit -v` too tight for those buffers attn says so here, in one line, and ends with exit 2.
// libc is relocated but not yet initialised (getenv sees no environment: the loader passes it as
// the third argument); only libc's plain functions are used, and no C++ static object of attn.
void refuse_address_space_too_tight_for_openblas(int, char**, char** envp) {
    if (!core::address_space_limited() || !core::blas_maps_buffers_at_start()) return;
    const int threads = core::blas_threads_at_start(envp);
    // The buffers, and 16 MiB for what OpenBLAS and the loader map beside them.
    const double needed = threads * core::kBlasBufferBytes + 16.0 * (1 << 20);
    const double left = core::address_space_left();
    if (left >= needed) return;
    rlimit limit{};
    getrlimit(RLIMIT_AS, &limit);
    const double at_least_kib = (static_cast<double>(limit.rlim_cur) - left + needed) / 1024.0;
    char line[512];
    const int n = std::snprintf(
        line, sizeof line,
        "attn: error: the address-space limit (ulimit -v) leaves %.0f MB; OpenBLAS maps a 134 MB "
        "work buffer for each of its %d thread(s) as it starts, before any command runs: raise it "
        "to ulimit -v %.0f or more%s\n",
        left / 1e6, threads, at_least_kib + 1,
        threads > 1 ? ", or set OPENBLAS_NUM_THREADS=1" : "");
    if (n > 0) {
        const ssize_t written = write(STDERR_FILENO, line, static_cast<std::size_t>(n) < sizeof line ? n : sizeof line - 1);
        (void)written;
    }
    _exit(2);
}

// What the loader calls (a pointer in .preinit_array, allowed in executables only).
__attribute__((section(".preinit_array"), used)) void (*const refuse_before_openblas_starts)(int, char**, char**) =
    &refuse_address_space_too_tight_for_openblas;

}  // namespace

int end_process(int code) {
    if (!core::address_space_limited()) return code;
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(code);
}

}  // namespace attn::cli
