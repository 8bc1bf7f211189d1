#pragma once
// Internal to numpy_exp*.cpp: the pieces the scalar definition and the AVX-512 loop share.
#include <cstddef>

namespace attn::core::svml {

// SVML's scalar routine for the lanes with |x| >= 707.70 or x = ±inf (NaN never comes here).
double exp_rare(double x);

#if defined(__x86_64__)
// The 8-lane loop (numpy_exp_avx512.cpp); only on a CPU with AVX-512F.
void exp_avx512(const double* in, double* out, std::size_t n);
#endif

}  // namespace attn::core::svml
