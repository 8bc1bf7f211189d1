// The kernels' building blocks compiled for avx512 (see CMakeLists.txt for this file's -m flags).
#include "core/kernels/simd/attend_row.hpp"
#include "core/kernels/simd/naive_rows.hpp"
#include "core/kernels/simd/project.hpp"

namespace attn::kernels {

extern const Table kTable_avx512;
const Table kTable_avx512 = {&simd::project<xsimd::avx512f>, &simd::attend_row<xsimd::avx512f>, &simd::naive_rows<xsimd::avx512f>};

}  // namespace attn::kernels
