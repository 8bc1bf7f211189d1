// Bit-exact checks of NumPy's matmul dispatch and summation order against NumPy run on this
// machine at test time: ctest's `core_fixture` runs tools/gen_core_fixtures.py just before this
// test, in the same environment, and passes the file in ATTN_CORE_FIXTURE. Both sides call the
// same OpenBLAS, which picks its kernel from the CPU (or OPENBLAS_CORETYPE), so a product's last
// bits are only comparable when made on the same machine under the same kernel; no fixture is
// committed. tests/reference/cpu_matrix_test.py repeats this under several OPENBLAS_CORETYPE values.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sched.h>

#include "core/numpy_ops.hpp"

extern "C" int openblas_get_num_threads(void);

namespace {

using attn::core::Matrix;

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(s);
    while (std::getline(in, item, sep)) out.push_back(item);
    return out;
}

std::vector<double> parse_hexes(const std::string& field) {
    std::vector<double> out;
    for (const auto& h : split(field, ',')) out.push_back(std::strtod(h.c_str(), nullptr));
    return out;
}

std::vector<std::size_t> parse_dims(const std::string& field) {
    std::vector<std::size_t> out;
    for (const auto& d : split(field, ' ')) out.push_back(std::stoul(d));
    return out;
}

Matrix to_matrix(const std::vector<double>& values, std::size_t rows, std::size_t cols) {
    Matrix m = Matrix::from_shape({rows, cols});
    REQUIRE(values.size() == rows * cols);
    std::copy(values.begin(), values.end(), m.begin());
    return m;
}

std::uint64_t bits(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// Number of entries whose bit patterns differ.
template <class Range>
int mismatches(const Range& got, const std::vector<double>& expected) {
    int bad = 0;
    std::size_t i = 0;
    for (double g : got) {
        if (i >= expected.size() || bits(g) != bits(expected[i])) ++bad;
        ++i;
    }
    return bad + static_cast<int>(expected.size() > i ? expected.size() - i : 0);
}

}  // namespace

TEST_CASE("matmul, A.T @ B, A @ v and sums carry NumPy's bits") {
    const char* path = std::getenv("ATTN_CORE_FIXTURE");
    INFO("ATTN_CORE_FIXTURE must name the file written by tools/gen_core_fixtures.py on this "
         "machine (ctest sets it; see the ctest `core_fixture`)");
    REQUIRE(path != nullptr);
    std::ifstream in(path);
    REQUIRE(in.good());
    std::string line;
    int cases = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto f = split(line, '\t');
        const auto dims = parse_dims(f[1]);
        CAPTURE(line.substr(0, 40));
        if (f[0] == "matmul") {
            const Matrix a = to_matrix(parse_hexes(f[2]), dims[0], dims[1]);
            const Matrix b = to_matrix(parse_hexes(f[3]), dims[1], dims[2]);
            CHECK(mismatches(attn::core::matmul(a, b), parse_hexes(f[4])) == 0);
        } else if (f[0] == "matmul_t") {
            const Matrix a = to_matrix(parse_hexes(f[2]), dims[0], dims[1]);
            const Matrix b = to_matrix(parse_hexes(f[3]), dims[0], dims[2]);
            CHECK(mismatches(attn::core::matmul_transposed_left(a, b), parse_hexes(f[4])) == 0);
        } else if (f[0] == "matvec") {
            const Matrix a = to_matrix(parse_hexes(f[2]), dims[0], dims[1]);
            CHECK(mismatches(attn::core::matvec(a, parse_hexes(f[3])), parse_hexes(f[4])) == 0);
        } else if (f[0] == "sum") {
            const auto x = parse_hexes(f[2]);
            const std::vector<double> got{attn::core::numpy_sum(x.data(), x.size())};
            CHECK(mismatches(got, parse_hexes(f[3])) == 0);
        } else if (f[0] == "sum0") {
            const Matrix m = to_matrix(parse_hexes(f[2]), dims[0], dims[1]);
            CHECK(mismatches(attn::core::sum_axis0(m), parse_hexes(f[3])) == 0);
        } else if (f[0] == "sum1") {
            const Matrix m = to_matrix(parse_hexes(f[2]), dims[0], dims[1]);
            CHECK(mismatches(attn::core::sum_axis1(m), parse_hexes(f[3])) == 0);
        } else {
            FAIL("unknown fixture kind " << f[0]);
        }
        ++cases;
    }
    CHECK(cases == 26 + 8 + 17 + 16);
}

TEST_CASE("np.sum starts from +0.0, so a sum of -0.0 is +0.0") {
    const double minus_zero[] = {-0.0, -0.0};
    CHECK_FALSE(std::signbit(attn::core::numpy_sum(minus_zero, 2)));
}

TEST_CASE("sum_axis0 adds whole rows one after another, from the first (NumPy's axis-0 order)") {
    // A column where the order shows: adding 1 to 2^53 alone is lost (ties to even).
    //   rows in order:            ((2^53 + 1) + 1) - 2^53 = 0
    //   pairwise (np.sum's order over 9 values): (2^53 + 1) + (1 - 2^53) = 1
    //   rows in reverse order:    ((-2^53 + 1) + 1) + 2^53 = 2  (the exact sum)
    const double big = 9007199254740992.0;   // 2^53
    Matrix m = Matrix::from_shape({9, 2});
    const double column[9] = {big, 1, 1, -big, 0, 0, 0, 0, 0};
    for (std::size_t r = 0; r < 9; ++r) {
        m(r, 0) = column[r];
        m(r, 1) = 2 * column[r];   // the same in the second column, scaled exactly
    }
    CHECK(attn::core::sum_axis0(m) == std::vector<double>{0.0, 0.0});
    CHECK(attn::core::numpy_sum(column, 9) == 1.0);   // what a pairwise column sum would give
}
