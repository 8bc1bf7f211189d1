#pragma once
// How a student gets GPT-2, in the words of docs/udl.md ("Getting GPT-2, step by step"): attn's
// hint without a model prints getting_gpt2() and tests/gpt2/udl124_model_files_test.py checks that
// docs/udl.md holds it word for word, so the doc and the hint cannot drift apart. The one-line
// refusals of a model folder that is not what it should be (a Git LFS pointer, a cut download, no
// model.safetensors) end with where the real file comes from.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "results/getting_gpt2.hpp"   // the words: repository, file URLs, the steps

namespace attn::gpt2 {

// A Git LFS pointer file (what `git clone` without Git LFS leaves in place of a large file):
// "version https://git-lfs.github.com/spec/v1", "oid sha256:…", "size N". The size it names, or
// nullopt when `start` (the file's first bytes) is not one.
std::optional<std::uint64_t> git_lfs_pointer_size(std::string_view start);

}  // namespace attn::gpt2
