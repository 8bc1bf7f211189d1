#pragma once
// OpenBLAS's thread pool, started only when a product could use it.
//
// OpenBLAS's pthreads build starts its workers in its own constructor, before main: a thread, its
// stack, a 128 MiB NUMA-bound buffer reservation and a worker that spins after each call. A run
// whose products are all too small for OpenBLAS to split (every experiment at its defaults) pays
// for it and never uses it. So attn starts OpenBLAS with one thread (OPENBLAS_NUM_THREADS=1 for
// its constructor, set by a constructor that runs first where OpenBLAS is linked statically: the
// static release; the default build links Debian's shared library, whose pool starts first) and, before the first product big
// enough that OpenBLAS could split it, gives OpenBLAS the thread count it would have chosen
// itself (the CPUs this process may run on, at most OpenBLAS's MAX_THREADS). Bits: OpenBLAS runs
// a product on one thread whatever its thread count below its split thresholds (gemm m·n·k ≤
// 262144, gemv m·n < 9216, dot n ≤ 10000 in 0.3.21), and kSingleThreadWork is below all of them;
// every bigger product runs on OpenBLAS's own count, as NumPy's do. When the user set
// OPENBLAS_NUM_THREADS, GOTO_NUM_THREADS or OMP_NUM_THREADS, OpenBLAS is left alone.
namespace attn::core {

// Multiply-adds (m·n·k of a gemm, m·n of a gemv, n of a dot) below which no OpenBLAS routine
// splits its work across threads.
inline constexpr double kSingleThreadWork = 4096;

// Call before every BLAS call with its work: starts OpenBLAS's threads the first time the work
// exceeds kSingleThreadWork (and OpenBLAS was started with one thread by attn).
void before_blas(double work);

// A run that already spreads its work over every core (homework --grade-class) gives each call
// `threads` threads (1): OpenBLAS's own workers would otherwise spin (sched_yield) against those
// threads. dgemm splits rows and columns between its threads, never the sum along k, so every
// result is the same bits with any thread count. Nothing is deferred after it.
void set_blas_threads(int threads);

// The threads OpenBLAS runs a product it can split on: the count before_blas will give it while
// that is still deferred, else its current count. What the memory guard counts work buffers by
// (core/address_space.hpp): a deferred pool's workers map theirs on their first product.
int blas_threads_planned();

// The CPUs this process may run on (its affinity mask): OpenBLAS's thread count when no variable
// sets one; 0 when the mask cannot be read.
int cpus_available();

// For tests: true while OpenBLAS still runs on the one thread attn started it with.
bool blas_threads_deferred();

}  // namespace attn::core
