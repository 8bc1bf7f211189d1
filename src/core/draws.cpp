#include "core/draws.hpp"

namespace attn::core {

Matrix normal_matrix(rng::NumpyGenerator& rng, double loc, double scale, std::size_t rows,
                     std::size_t cols) {
    Matrix m = Matrix::from_shape({rows, cols});
    rng.normal(loc, scale, m.data(), rows * cols);
    return m;
}

}  // namespace attn::core
