#include "experiments/report_arrays.hpp"

namespace attn::experiments {

results::Array to_array(const core::Matrix& m) {
    return {{m.shape(0), m.shape(1)}, std::vector<double>(m.begin(), m.end())};
}

results::Array column_of(const core::Matrix& m, std::size_t column) {
    results::Array a{{m.shape(0)}, {}};
    a.values.reserve(m.shape(0));
    for (std::size_t r = 0; r < m.shape(0); ++r) a.values.push_back(m(r, column));
    return a;
}

results::Array column_of(const results::Array& m, std::size_t column) {
    const std::size_t rows = m.shape.at(0), cols = m.shape.at(1);
    results::Array a{{rows}, {}};
    a.values.reserve(rows);
    for (std::size_t r = 0; r < rows; ++r) a.values.push_back(m.values[r * cols + column]);
    return a;
}

}  // namespace attn::experiments
