#pragma once
// Python 3.11 text of scalars: repr(float), str(bool), shape tuples, f-string specs
// (docs/spec/numpy-printing.md §2.3, §2.4, §3). Built on {fmt}; no core.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn::print {

std::string py_repr(double x);                                  // repr(float) == str(np.float64)
std::string py_bool(bool b);                                    // True / False
std::string py_tuple(const std::vector<std::size_t>& shape);    // (6, 5) / (6,) / ()
// stdout of print(a, b, ...) given the str() of each argument: joined by ' ', plus '\n'.
std::string py_print(const std::vector<std::string>& args);

// format(x, spec) for float specs: [[fill]align][sign][width][.precision][type], type in
// f F e E % g or none; e.g. "5.2f", ".4f", "5.1%", "4.1%". Throws std::invalid_argument on a
// spec it does not support.
std::string py_format(double x, std::string_view spec);
// format(n, spec) for int specs: [[fill]align][sign][width][,|_][type], type in d n b o x X or
// none, e.g. "3d", "2d"; float types (f e g % ...) format float(n) like Python.
std::string py_format(std::int64_t n, std::string_view spec);

}  // namespace attn::print
