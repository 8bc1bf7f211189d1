#include "core/draws.hpp"

#include "core/fresh_pages.hpp"

namespace attn::core {

Matrix normal_matrix(rng::NumpyGenerator& rng, double loc, double scale, std::size_t rows,
                     std::size_t cols) {
    Matrix m = fresh_matrix(rows, cols);
    rng.normal(loc, scale, m.data(), rows * cols);
    return m;
}

}  // namespace attn::core
