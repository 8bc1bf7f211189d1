#pragma once
// np.exp on float64 arrays, as NumPy 1.24 computes it on the CPU it runs on (sections 3-6: the
// softmax's E = exp(S - max)). On an x86-64 CPU with AVX-512 Skylake-X features (F, CD, BW, DQ,
// VL, with the OS saving the ZMM state) NumPy's ufunc loop calls Intel's SVML `__svml_exp8`
// (8 lanes, "LA" accuracy, with a scalar "high-accuracy" routine for the lanes outside
// |x| < 707.70); everywhere else it calls libm's exp. numpy_exp() follows the same rule, so the
// full-precision weights are NumPy's bits on either kind of host. See docs/performance.md.
#include <cstddef>

namespace attn::core {

// out[i] = np.exp(in[i]) for i < n (out may equal in).
void numpy_exp(const double* in, double* out, std::size_t n);

// np.exp(x) of one float64 (np.float64, a 0-d array): NumPy gives it the same bits as in an array.
inline double numpy_exp(double x) {
    double y;
    numpy_exp(&x, &y, 1);
    return y;
}

// "svml" or "glibc": what numpy_exp runs here, chosen once: svml exactly when NumPy would pick
// its AVX512_SKX loops, i.e. cpu::level() is avx512 (src/cpu; ATTN_CPU=baseline gives
// glibc's, as on a CPU without it) and NPY_DISABLE_CPU_FEATURES does not name AVX512_SKX.
const char* numpy_exp_kernel();

// The SVML algorithm one lane at a time in portable scalar code (fma, integer bit moves): the
// definition the AVX-512 loop must equal bit for bit, and what tests check on any host.
double svml_exp_scalar(double x);

}  // namespace attn::core
