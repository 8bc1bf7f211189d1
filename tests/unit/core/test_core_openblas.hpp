#pragma once
// Which OpenBLAS micro-kernel runs here, against the one a fixture's products were made with.
// attn and NumPy/torch make the same BLAS call, so on any one machine they get the same bits; but
// the bits themselves depend on the kernel OpenBLAS picks for the CPU (or OPENBLAS_CORETYPE):
// Haswell, SkylakeX and Prescott order a dot product's additions differently. A fixture made on
// one kernel therefore pins products bit for bit only where that kernel runs; elsewhere the tests
// check them within a stated rounding bound and say so.
#include <cblas.h>

#include <fstream>
#include <string>

namespace attn_test {

// The kernel named by a fixture's "# openblas_core <name>" line ("" if it has none).
inline std::string fixture_openblas_core(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    const std::string key = "# openblas_core ";
    while (std::getline(in, line)) {
        if (line.rfind(key, 0) == 0) return line.substr(key.size());
    }
    return "";
}

inline std::string running_openblas_core() { return openblas_get_corename(); }

}  // namespace attn_test
