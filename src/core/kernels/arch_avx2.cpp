// The kernels' building blocks compiled for avx2 (see CMakeLists.txt for this file's -m flags).
#include "core/kernels/simd/attend_row.hpp"
#include "core/kernels/simd/naive_rows.hpp"
#include "core/kernels/simd/project.hpp"

namespace attn::kernels {

extern const Table kTable_avx2;
const Table kTable_avx2 = {&simd::project<xsimd::fma3<xsimd::avx2>>, &simd::attend_row<xsimd::fma3<xsimd::avx2>>, &simd::naive_rows<xsimd::fma3<xsimd::avx2>>};

}  // namespace attn::kernels
