// The kernels' building blocks compiled for sse2 (see CMakeLists.txt for this file's -m flags).
#include "core/kernels/simd/attend_row.hpp"
#include "core/kernels/simd/naive_rows.hpp"
#include "core/kernels/simd/project.hpp"

namespace attn::kernels {

extern const Table kTable_sse2;
const Table kTable_sse2 = {&simd::project<xsimd::sse2>, &simd::attend_row<xsimd::sse2>, &simd::naive_rows<xsimd::sse2>};

}  // namespace attn::kernels
