#pragma once
// How the core's large buffers get their pages: as NumPy's do. NumPy's data allocator
// (numpy/core/src/multiarray/alloc.c, npy_alloc_cache) calls madvise(MADV_HUGEPAGE) on every
// array of 4 MiB or more, so the kernel backs it with 2 MiB transparent huge pages where its
// setting is `madvise` (Debian's default) or `always`: one page fault per 2 MiB instead of one
// per 4 KiB. Each fault is dear on a virtual machine (an `attention --d 512 --n 2000` run spent
// 38 % of its time in the fault path before, issue 44); attn's buffers are advised the same way.
// Nothing here changes a value: only how the kernel maps the memory.
#include <cstddef>
#include <vector>

#include "core/matrix.hpp"

namespace attn::core {

// NumPy's threshold: 1 << 22 bytes.
inline constexpr std::size_t kHugePageAdviceBytes = std::size_t{1} << 22;

// madvise(MADV_HUGEPAGE) over [data, data + bytes) from its first page boundary, when bytes is
// at least kHugePageAdviceBytes and before the memory is first written (as NumPy does). Does
// nothing where the system has no transparent huge pages (macOS, WebAssembly); a refusal is
// ignored (the memory then works as before).
void advise_huge_pages(void* data, std::size_t bytes);

// count zeros in a vector whose pages were advised before the zeros were written: for a
// report's array that the core then fills in place (instead of a copy of a finished matrix).
std::vector<double> fresh_zeros(std::size_t count);

// Matrix::from_shape({rows, cols}) (not written), advised: every Matrix of the core that may be
// large is made here.
Matrix fresh_matrix(std::size_t rows, std::size_t cols);

}  // namespace attn::core
