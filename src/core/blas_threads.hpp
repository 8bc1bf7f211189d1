#pragma once
// How many threads OpenBLAS may use inside one call. A run that already spreads its work over
// every core (homework --grade-class) gives each call one thread: OpenBLAS's own workers would
// otherwise spin (sched_yield) against those threads. dgemm splits rows and columns between its
// threads, never the sum along k, so every result is the same bits with any thread count.
namespace attn::core {

void set_blas_threads(int threads);

}  // namespace attn::core
