// repr(ndarray) and repr(list of arrays): each expected string was printed by Debian's NumPy
// 1.24.2 (`repr(a)` of the array built in the comment above it). The 12.1 notebook's own list
// is checked end to end by the udl golden files; here the layout cases: wrapping under the
// 7-space "array([" indent, summarised rows and columns, a 3-d block, nan/inf, precision 3.
#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "print/numpy_array.hpp"
#include "print/numpy_repr.hpp"

using namespace attn::print;

namespace {

std::vector<double> affine(std::size_t n, double scale, double offset, double divisor = 1.0) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = (static_cast<double>(i) * scale + offset) / divisor;
    return v;
}

}  // namespace

TEST_CASE("repr: a (1, 20) row wraps under the array([ indent, with ', ' separators") {
    // (np.arange(20) * 1.5 - 7).reshape(1, 20)
    CHECK(array_repr(affine(20, 1.5, -7.0), {1, 20}) ==
          "array([[-7. , -5.5, -4. , -2.5, -1. ,  0.5,  2. ,  3.5,  5. ,  6.5,  8. ,\n"
          "         9.5, 11. , 12.5, 14. , 15.5, 17. , 18.5, 20. , 21.5]])");
}

TEST_CASE("repr: a summarised (50, 50) array puts '...,' on a row of its own") {
    // (np.arange(2500).reshape(50, 50) - 1000) / 8
    CHECK(array_repr(affine(2500, 1.0, -1000.0, 8.0), {50, 50}) ==
          "array([[-125.   , -124.875, -124.75 , ..., -119.125, -119.   , -118.875],\n"
          "       [-118.75 , -118.625, -118.5  , ..., -112.875, -112.75 , -112.625],\n"
          "       [-112.5  , -112.375, -112.25 , ..., -106.625, -106.5  , -106.375],\n"
          "       ...,\n"
          "       [ 168.75 ,  168.875,  169.   , ...,  174.625,  174.75 ,  174.875],\n"
          "       [ 175.   ,  175.125,  175.25 , ...,  180.875,  181.   ,  181.125],\n"
          "       [ 181.25 ,  181.375,  181.5  , ...,  187.125,  187.25 ,  187.375]])");
}

TEST_CASE("repr: 3-d blocks end rows with ',' and are separated by a blank line") {
    // (np.arange(24).reshape(2, 3, 4) - 5) / 4
    CHECK(array_repr(affine(24, 1.0, -5.0, 4.0), {2, 3, 4}) ==
          "array([[[-1.25, -1.  , -0.75, -0.5 ],\n"
          "        [-0.25,  0.  ,  0.25,  0.5 ],\n"
          "        [ 0.75,  1.  ,  1.25,  1.5 ]],\n"
          "\n"
          "       [[ 1.75,  2.  ,  2.25,  2.5 ],\n"
          "        [ 2.75,  3.  ,  3.25,  3.5 ],\n"
          "        [ 3.75,  4.  ,  4.25,  4.5 ]]])");
}

TEST_CASE("repr: nan and inf beside a value in scientific notation") {
    // np.array([[np.nan, 1e-13, np.inf]])
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(array_repr({std::numeric_limits<double>::quiet_NaN(), 1e-13, inf}, {1, 3}) ==
          "array([[   nan, 1.e-13,    inf]])");
}

TEST_CASE("repr: precision 3 (np.set_printoptions(precision=3)) wraps a (2, 20) array") {
    // (np.arange(40) / 7).reshape(2, 20) under precision=3
    PrintOptions p3;
    p3.precision = 3;
    CHECK(array_repr(affine(40, 1.0, 0.0, 7.0), {2, 20}, p3) ==
          "array([[0.   , 0.143, 0.286, 0.429, 0.571, 0.714, 0.857, 1.   , 1.143,\n"
          "        1.286, 1.429, 1.571, 1.714, 1.857, 2.   , 2.143, 2.286, 2.429,\n"
          "        2.571, 2.714],\n"
          "       [2.857, 3.   , 3.143, 3.286, 3.429, 3.571, 3.714, 3.857, 4.   ,\n"
          "        4.143, 4.286, 4.429, 4.571, 4.714, 4.857, 5.   , 5.143, 5.286,\n"
          "        5.429, 5.571]])");
}

TEST_CASE("list repr joins item reprs, each formatted with its own widths") {
    // [np.array([[1.5], [-2.0]]), np.array([[0.25]])]
    CHECK(list_repr({array_repr({1.5, -2.0}, {2, 1}), array_repr({0.25}, {1, 1})}) ==
          "[array([[ 1.5],\n       [-2. ]]), array([[0.25]])]");
    CHECK(list_repr({}) == "[]");
}

TEST_CASE("str() is unchanged by the separator/prefix parameters of the layout") {
    CHECK(array_str(affine(20, 1.5, -7.0), {2, 10}) ==
          "[[-7.  -5.5 -4.  -2.5 -1.   0.5  2.   3.5  5.   6.5]\n"
          " [ 8.   9.5 11.  12.5 14.  15.5 17.  18.5 20.  21.5]]");
}
