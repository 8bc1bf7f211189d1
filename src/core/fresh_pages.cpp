// See fresh_pages.hpp: NumPy's transparent-huge-page advice for large buffers.
#include "core/fresh_pages.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace attn::core {

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (data == nullptr || bytes < kHugePageAdviceBytes) return;
    // alloc.c: offset = 4096 - p % 4096, length = size - offset (madvise wants a page boundary).
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto at = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t offset = page - at % page;
    if (offset >= bytes) return;
    madvise(reinterpret_cast<void*>(at + offset), bytes - offset, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

std::vector<double> fresh_zeros(std::size_t count) {
    std::vector<double> values;
    values.reserve(count);   // allocated, not yet written (data() is the allocation): advised
                             // before its first fault
    advise_huge_pages(values.data(), count * sizeof(double));
    values.resize(count);
    return values;
}

Matrix fresh_matrix(std::size_t rows, std::size_t cols) {
    Matrix m = Matrix::from_shape({rows, cols});
    advise_huge_pages(m.data(), m.size() * sizeof(double));
    return m;
}

}  // namespace attn::core
