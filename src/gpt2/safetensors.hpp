#pragma once
// The safetensors format, read in place: an 8-byte little-endian header length n, n bytes of a
// UTF-8 JSON object {name: {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__":
// {str: str}}, then the data section. The file is memory-mapped; F32 tensors are used where they
// lie (when 4-byte aligned), F16/BF16/F64 widened or rounded to float32 once, as transformers 4.x
// loads them. Untrusted input: every rule the safetensors library enforces is checked before a
// byte of data is touched, and a violation is one line (IoError, exit 3) naming the file:
// shorter than 8 bytes, a header length past the end or over 100,000,000, a header that is not a
// UTF-8 JSON object or repeats a name, an unknown dtype, a shape that is not a list of sizes,
// offsets outside the data section, a span that does not fit dtype x shape, tensors that overlap
// or leave bytes of the data section unused.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace attn::gpt2 {

struct TensorInfo {
    std::string name;
    std::string dtype;                    // "F32", "F16", "BF16", "F64", or another safetensors dtype
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0;     // within the data section
};

struct SafetensorsHeader {
    std::vector<TensorInfo> tensors;      // in the header's order
    std::map<std::string, std::string> metadata;
    std::uint64_t data_offset = 0;        // 8 + n
    std::uint64_t data_size = 0;
};

// Checks the header against a file of `file_size` bytes whose first bytes are `start` (at least
// the 8 + n header bytes, or the whole file when it is shorter). `path` names the file in messages.
SafetensorsHeader parse_safetensors_header(std::string_view start, std::uint64_t file_size, const std::string& path);

// A tensor widened to float32: data points into the mapping (F32) or into owned storage.
struct Tensor {
    const float* data = nullptr;
    std::vector<std::uint64_t> shape;
    std::string dtype;
};

// The file mapped read-only and its float tensors; other dtypes are listed with data == nullptr.
class SafetensorsFile {
public:
    explicit SafetensorsFile(const std::string& path);   // throws IoError
    ~SafetensorsFile();
    SafetensorsFile(const SafetensorsFile&) = delete;
    SafetensorsFile& operator=(const SafetensorsFile&) = delete;

    const std::map<std::string, Tensor>& tensors() const { return tensors_; }
    const std::map<std::string, std::string>& metadata() const { return header_.metadata; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    void* map_ = nullptr;
    std::size_t size_ = 0;
    SafetensorsHeader header_;
    std::map<std::string, Tensor> tensors_;
    std::vector<std::unique_ptr<float[]>> owned_;
};

}  // namespace attn::gpt2
