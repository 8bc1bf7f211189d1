#pragma once
// The address space a run may map, for the memory guard (experiments/checks.cpp). OpenBLAS 0.3
// maps a 128 MiB work buffer for each of its worker threads when it starts them (before main)
// and one for the calling thread on its first call, and retries a failed map forever
// (blas_memory_alloc). Under an address-space limit (`ulimit -v`, RLIMIT_AS) too tight for them a
// BLAS call spins, and at exit OpenBLAS joins a worker that spins: the guard must refuse such a
// run before it starts, and the process must then end without OpenBLAS's exit handler.
namespace attn::core {

// True when RLIMIT_AS is set (not unlimited).
bool address_space_limited();

// The bytes of address space this process may still map: RLIMIT_AS less what is mapped now
// (/proc/self/statm); +infinity when there is no limit.
double address_space_left();

// OpenBLAS's work buffer, BUFFER_SIZE = 32 << 22 bytes (128 MiB) in Debian's OpenBLAS 0.3 for
// x86-64 and arm64.
inline constexpr double kBlasBufferBytes = static_cast<double>(32ull << 22);

// OpenBLAS 0.3.27 and later map each thread's work buffer in their own constructor, before main
// (blas_thread_init -> adjust_thread_buffers, OpenBLAS pull request #4577); 0.3.21 (Debian 12)
// maps the calling thread's on its first call. Read from the version of the OpenBLAS attn is
// compiled with (openblas_config.h's OPENBLAS_VERSION; Debian's libopenblas-dev and the library
// it links come from one source package, one version).
bool blas_maps_buffers_at_start();
// The same for a version string as OPENBLAS_VERSION spells it (" OpenBLAS 0.3.21 "); an
// unreadable one counts as mapping at start (the check it guards is then merely early).
bool openblas_maps_buffers_at_start(const char* version);

// The threads OpenBLAS starts with, read from the environment `envp` (a NULL-ended array of
// "NAME=value", as main's third argument) as its constructor reads it (OPENBLAS_NUM_THREADS, else
// GOTO_NUM_THREADS, else OMP_NUM_THREADS; unset or < 1: one per CPU this process may run on); for
// checks made before OpenBLAS has started, when getenv cannot be used yet (cli/process.cpp).
int blas_threads_at_start(const char* const* envp);

// How many of OpenBLAS's buffers still have to be mapped for a BLAS call to succeed: one per
// thread, each kept by its thread (the calling thread's is mapped on its first call, even for a
// product too small to split; a worker that could not map its own at start-up is spinning).
// Read from /proc/self/maps (mappings of at least kBlasBufferBytes; a worker still starting is
// waited for up to 50 ms); 0 without an address-space limit.
int blas_buffers_missing();

}  // namespace attn::core
