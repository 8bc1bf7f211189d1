// core/fresh_pages: large buffers advised for transparent huge pages as NumPy advises its arrays
// (4 MiB and more); the values are what the callers expect. (That a smaller buffer is left alone
// is not checked: it may share a heap mapping that a large one advised earlier.)
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>

#include "core/fresh_pages.hpp"

namespace {

// The VmFlags of the mapping of /proc/self/smaps that holds `address` ("" when none does).
std::string vm_flags_at(const void* address) {
    std::ifstream smaps("/proc/self/smaps");
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        unsigned long from = 0, to = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> from >> dash >> to && dash == '-' && line.find(':') > line.find(' ')) {
            inside = from <= at && at < to;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return line;
        }
    }
    return "";
}

bool has_transparent_huge_pages() {
    struct stat st {};
    return stat("/sys/kernel/mm/transparent_hugepage/enabled", &st) == 0;
}

}  // namespace

TEST_CASE("fresh_zeros and fresh_matrix: a buffer of 4 MiB or more is advised MADV_HUGEPAGE") {
    const std::size_t big = attn::core::kHugePageAdviceBytes / sizeof(double);   // exactly 4 MiB
    const std::vector<double> zeros = attn::core::fresh_zeros(big);
    REQUIRE(zeros.size() == big);
    CHECK(std::all_of(zeros.begin(), zeros.end(), [](double v) { return v == 0.0; }));
    const attn::core::Matrix m = attn::core::fresh_matrix(1024, 1024);   // 8 MiB
    CHECK(m.shape(0) == 1024);
    CHECK(m.shape(1) == 1024);
    if (!has_transparent_huge_pages()) {
        MESSAGE("skipped the advice checks: this kernel has no transparent huge pages");
        return;
    }
    // "hg" in a mapping's VmFlags: madvise(MADV_HUGEPAGE) was called on it. The middle of each
    // buffer is past its first page boundary, inside the advised range.
    CHECK(vm_flags_at(zeros.data() + big / 2).find(" hg") != std::string::npos);
    CHECK(vm_flags_at(m.data() + m.size() / 2).find(" hg") != std::string::npos);
}
