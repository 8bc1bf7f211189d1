// Prints the kernel set (core name) OpenBLAS chose, linked exactly as attn links it (statically
// when libopenblas.a is installed). Used by bench/openblas_kernels.sh.
#include <cstdio>

extern "C" char* openblas_get_corename();

int main() {
    std::puts(openblas_get_corename());
    return 0;
}
