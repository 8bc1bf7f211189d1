#pragma once
// NumPy's str() of a float64 matrix (src/print), as the function `attn udl --diagnose` prints its
// candidates with (experiments never include src/print).
#include "experiments/udl.hpp"

namespace attn::cli {

experiments::NumpyPrinter numpy_printer();

}  // namespace attn::cli
