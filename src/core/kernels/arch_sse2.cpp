// The kernels' building blocks compiled for sse2 (see CMakeLists.txt for this file's -m flags).
#include "core/kernels/simd/attend_row.hpp"
#include "core/kernels/simd/naive_rows.hpp"
#include "core/kernels/simd/project.hpp"

namespace attn::kernels {

extern const Table kTable_sse2;
extern const char* const kBaselineLevelName;
const char* const kBaselineLevelName = simd::kBaselineName;   // "sse2", "neon", "wasm-simd128"
const Table kTable_sse2 = {&simd::project<simd::BaselineArch>, &simd::attend_row<simd::BaselineArch>, &simd::naive_rows<simd::BaselineArch>};

}  // namespace attn::kernels
