#include "core/blas_threads.hpp"

#include <cblas.h>

namespace attn::core {

void set_blas_threads(int threads) { openblas_set_num_threads(threads); }

}  // namespace attn::core
