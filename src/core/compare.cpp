#include "core/compare.hpp"

#include <cmath>

namespace attn::core {

bool allclose(const Matrix& a, const Matrix& b, double rtol, double atol) {
    if (a.shape() != b.shape()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double x = a.data()[i], y = b.data()[i];
        if (std::isinf(x) || std::isinf(y)) {
            if (x != y) return false;
            continue;
        }
        if (!(std::fabs(x - y) <= atol + rtol * std::fabs(y))) return false;   // NaN -> false
    }
    return true;
}

Matrix permute_columns(const Matrix& x, const std::vector<std::size_t>& perm) {
    Matrix out = Matrix::from_shape({x.shape(0), perm.size()});
    for (std::size_t r = 0; r < x.shape(0); ++r) {
        for (std::size_t j = 0; j < perm.size(); ++j) out(r, j) = x(r, perm[j]);
    }
    return out;
}

}  // namespace attn::core
