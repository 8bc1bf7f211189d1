#pragma once
// OpenBLAS's thread count, for the one run that chooses its own.
//
// OpenBLAS starts its pool in its own constructor, before main, with OPENBLAS_NUM_THREADS (else
// GOTO_NUM_THREADS, else OMP_NUM_THREADS, else one thread per CPU) threads, as under NumPy. attn
// leaves that count alone, so that its products run on the threads NumPy's would: a product's
// last bits can depend on the count (docs/performance.md).
namespace attn::core {

// A run that already spreads its work over every core (homework --grade-class) gives each call
// `threads` threads (1): OpenBLAS's own workers would otherwise spin (sched_yield) against those
// threads.
void set_blas_threads(int threads);

// The threads OpenBLAS runs a product it can split on (its current count, at least 1): what the
// memory guard counts work buffers by (core/address_space.hpp).
int blas_threads();

// The CPUs this process may run on (its affinity mask): OpenBLAS's thread count when no variable
// sets one; 0 when the mask cannot be read.
int cpus_available();

}  // namespace attn::core
