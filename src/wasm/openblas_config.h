/* The WebAssembly build links no OpenBLAS (cblas.h beside this file). src/core/address_space.cpp
 * reads OPENBLAS_VERSION for OpenBLAS's start-up buffers; this build maps none. */
#pragma once
#define OPENBLAS_VERSION " OpenBLAS 0.0.0 (none: attn's reference-order loops, src/wasm/blas_loops.cpp)"
