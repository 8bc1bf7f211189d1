// How a student gets GPT-2 (getting_gpt2.hpp).
#include "gpt2/getting_gpt2.hpp"

namespace attn::gpt2 {

std::optional<std::uint64_t> git_lfs_pointer_size(std::string_view start) {
    constexpr std::string_view kVersion = "version https://git-lfs.github.com/spec/";
    if (start.substr(0, kVersion.size()) != kVersion) return std::nullopt;
    const std::size_t at = start.find("\nsize ");
    std::uint64_t size = 0;
    if (at == std::string_view::npos) return size;
    for (std::size_t i = at + 6; i < start.size() && start[i] >= '0' && start[i] <= '9' && size < (1ULL << 59); ++i)
        size = size * 10 + static_cast<std::uint64_t>(start[i] - '0');
    return size;
}

}  // namespace attn::gpt2
