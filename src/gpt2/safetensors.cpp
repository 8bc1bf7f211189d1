// The safetensors reader (safetensors.hpp).
#include "gpt2/safetensors.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/mman.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

#include "errors.hpp"
#include "gpt2/getting_gpt2.hpp"
#include "text/utf8.hpp"

namespace attn::gpt2 {
namespace {

constexpr std::uint64_t kMaxHeader = 100'000'000;   // the safetensors library's limit

[[noreturn]] void bad(const std::string& path, const std::string& what) { throw IoError(path + ": " + what); }

// A download cut short: the bytes there and the bytes the header promises, and where the whole
// file comes from.
[[noreturn]] void incomplete(const std::string& path, std::uint64_t have, std::uint64_t want) {
    bad(path, "an incomplete download: " + std::to_string(have) + " bytes of the " + std::to_string(want) +
                  " its header promises; download it again (GPT-2's: " + gpt2_file_url("model.safetensors") + ")");
}

std::size_t item_size(const std::string& dtype) {
    static const std::map<std::string, std::size_t> sizes = {
        {"F32", 4}, {"F16", 2}, {"BF16", 2}, {"F64", 8}, {"BOOL", 1}, {"U8", 1}, {"I8", 1}, {"F8_E5M2", 1},
        {"F8_E4M3", 1}, {"I16", 2}, {"U16", 2}, {"I32", 4}, {"U32", 4}, {"I64", 8}, {"U64", 8}};
    const auto it = sizes.find(dtype);
    return it == sizes.end() ? 0 : it->second;
}

// A tensor's name as the header spells it, in JSON's quotes and escapes (a name may hold a newline
// or a control character: a refusal stays one line), invalid UTF-8 as U+FFFD.
std::string quote_name(const std::string& s) {
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

float half_to_float(std::uint16_t h) {   // IEEE binary16 -> binary32, exact
    const std::uint32_t sign = (h & 0x8000u) << 16;
    std::uint32_t exp = (h >> 10) & 0x1F, man = h & 0x3FF, bits;
    if (exp == 0x1F) {
        bits = sign | 0x7F800000u | (man << 13);
    } else if (exp == 0) {
        if (man == 0) {
            bits = sign;
        } else {   // subnormal: normalise
            int e = -1;
            do { ++e; man <<= 1; } while (!(man & 0x400));
            bits = sign | ((127 - 15 - e) << 23) | ((man & 0x3FF) << 13);
        }
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (man << 13);
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

}  // namespace

SafetensorsHeader parse_safetensors_header(std::string_view start, std::uint64_t size, const std::string& path) {
    if (const auto lfs = git_lfs_pointer_size(start))
        bad(path, "a Git LFS pointer (" + std::to_string(size) + " bytes), not the weights" +
                      (*lfs ? " (" + std::to_string(*lfs) + " bytes)" : std::string()) +
                      ": the repository was cloned without Git LFS; run `git lfs pull` in the clone, or download the "
                      "file itself (GPT-2's: " + gpt2_file_url("model.safetensors") + ")");
    if (size < 8 || start.size() < 8)
        bad(path, "truncated: " + std::to_string(size) + " bytes, not even the 8-byte header length");
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(start[static_cast<std::size_t>(i)]);
    if (n > size - 8 && n <= kMaxHeader && start.size() > 8 && start[8] == '{') incomplete(path, size, 8 + n);
    if (n > size - 8)
        bad(path, "the header length " + std::to_string(n) + " runs past the end of the file (" + std::to_string(size) + " bytes)");
    if (n > kMaxHeader) bad(path, "the header length " + std::to_string(n) + " is over the format's 100,000,000 bytes");
    if (start.size() < 8 + n) bad(path, "truncated while reading the header");
    const std::string_view text = start.substr(8, n);
    const std::string not_json = "the header is not a UTF-8 JSON object (";
    if (!text::is_valid(text)) bad(path, not_json + "invalid UTF-8)");
    if (text.empty() || text.front() != '{') bad(path, not_json + "it does not start with '{')");
    // nlohmann keeps the last of repeated names; safetensors (and the oracle) refuse them
    std::vector<std::set<std::string>> open;
    std::string repeated;
    nlohmann::ordered_json header;
    try {
        header = nlohmann::ordered_json::parse(
            text.begin(), text.end(),
            [&](int, nlohmann::ordered_json::parse_event_t event, nlohmann::ordered_json& parsed) {
                using E = nlohmann::ordered_json::parse_event_t;
                if (event == E::object_start) open.emplace_back();
                else if (event == E::object_end && !open.empty()) open.pop_back();
                else if (event == E::key && !open.empty() && repeated.empty() &&
                         !open.back().insert(parsed.get<std::string>()).second)
                    repeated = parsed.get<std::string>();
                return true;
            });
    } catch (const nlohmann::json::exception& e) {
        bad(path, not_json + text::valid(e.what()) + ")");
    }
    if (!repeated.empty()) bad(path, not_json + "the name " + quote_name(repeated) + " appears twice)");
    if (!header.is_object()) bad(path, not_json + "not an object)");
    SafetensorsHeader h;
    h.data_offset = 8 + n;
    h.data_size = size - 8 - n;
    if (auto meta = header.find("__metadata__"); meta != header.end()) {
        if (!meta->is_object()) bad(path, "__metadata__ must map strings to strings");
        for (auto it = meta->begin(); it != meta->end(); ++it) {
            if (!it.value().is_string()) bad(path, "__metadata__ must map strings to strings");
            h.metadata[it.key()] = it.value().get<std::string>();
        }
    }
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == "__metadata__") continue;
        const std::string name = quote_name(it.key());
        const auto& info = it.value();
        if (!info.is_object() || !info.contains("dtype") || !info.contains("shape") || !info.contains("data_offsets"))
            bad(path, "tensor " + name + " lacks dtype, shape or data_offsets");
        TensorInfo t;
        t.name = it.key();
        const auto& dtype = info["dtype"];
        if (!dtype.is_string() || item_size(dtype.get<std::string>()) == 0)
            bad(path, "tensor " + name + " has dtype " + text::valid(dtype.dump()) + ", unknown to safetensors");
        t.dtype = dtype.get<std::string>();
        const auto& shape = info["shape"];
        if (!shape.is_array()) bad(path, "tensor " + name + " has shape " + text::valid(shape.dump()) + ": not a list of sizes");
        for (const auto& d : shape) {
            if (!d.is_number_integer() || (d.is_number_integer() && !d.is_number_unsigned() && d.get<long long>() < 0))
                bad(path, "tensor " + name + " has shape " + text::valid(shape.dump()) + ": not a list of sizes");
            t.shape.push_back(d.get<std::uint64_t>());
        }
        const auto& offsets = info["data_offsets"];
        if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_integer() || !offsets[1].is_number_integer())
            bad(path, "tensor " + name + " has data_offsets " + text::valid(offsets.dump()) + ": not two integers");
        const bool negative = (!offsets[0].is_number_unsigned() && offsets[0].get<long long>() < 0) ||
                              (!offsets[1].is_number_unsigned() && offsets[1].get<long long>() < 0);
        if (!negative) t.begin = offsets[0].get<std::uint64_t>(), t.end = offsets[1].get<std::uint64_t>();
        // offsets past the data section's end are a cut download when the tensors are otherwise
        // whole (told after the spans are checked, below)
        if (negative || t.begin > t.end)
            bad(path, "tensor " + name + " has data_offsets " + offsets.dump() + " outside the " +
                          std::to_string(h.data_size) + "-byte data section");
        unsigned __int128 need = item_size(t.dtype);   // prod(shape) * itemsize, saturated
        for (std::uint64_t d : t.shape) {
            need *= d;
            if (need > (static_cast<unsigned __int128>(1) << 100)) need = static_cast<unsigned __int128>(1) << 100;
        }
        if (need != t.end - t.begin)
            bad(path, "tensor " + name + " spans " + std::to_string(t.end - t.begin) + " bytes but " + t.dtype + " " +
                          shape.dump() + " needs " + (need >> 64 ? std::string("more") : std::to_string(static_cast<std::uint64_t>(need))));
        h.tensors.push_back(std::move(t));
    }
    std::vector<std::tuple<std::uint64_t, std::uint64_t, std::string>> spans;
    for (const TensorInfo& t : h.tensors) spans.emplace_back(t.begin, t.end, t.name);
    std::sort(spans.begin(), spans.end());
    std::uint64_t at = 0;
    for (const auto& [begin, end, name] : spans) {
        if (begin < at)
            bad(path, "tensor " + quote_name(name) + " at offset " + std::to_string(begin) +
                          " overlaps the tensor before it (ends at " + std::to_string(at) + ")");
        if (begin > at)
            bad(path, "bytes " + std::to_string(at) + ".." + std::to_string(begin) + " of the data section, before tensor " +
                          quote_name(name) + ", belong to no tensor");
        at = end;
    }
    if (at > h.data_size) incomplete(path, size, h.data_offset + at);
    if (at != h.data_size) bad(path, "the last " + std::to_string(h.data_size - at) + " bytes of the data section belong to no tensor");
    return h;
}

SafetensorsFile::SafetensorsFile(const std::string& path) : path_(path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw IoError(path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw IoError(path + ": not a regular file");
    }
    size_ = static_cast<std::size_t>(st.st_size);
    if (size_ > 0) {
        map_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map_ == MAP_FAILED) {
            map_ = nullptr;
            ::close(fd);
            throw IoError(path + ": cannot map: " + std::strerror(errno));
        }
    }
    ::close(fd);
    const char* bytes = static_cast<const char*>(map_);
    header_ = parse_safetensors_header(std::string_view(bytes ? bytes : "", size_), size_, path);
    const char* data = bytes + header_.data_offset;
    for (const TensorInfo& t : header_.tensors) {
        Tensor out;
        out.shape = t.shape;
        out.dtype = t.dtype;
        const std::size_t count = t.dtype == "F32" ? (t.end - t.begin) / 4 : t.dtype == "F64" ? (t.end - t.begin) / 8
                                                                            : (t.end - t.begin) / 2;
        const char* src = data + t.begin;
        if (t.dtype == "F32" && reinterpret_cast<std::uintptr_t>(src) % alignof(float) == 0) {
            out.data = reinterpret_cast<const float*>(src);   // in place
        } else if (t.dtype == "F32" || t.dtype == "F16" || t.dtype == "BF16" || t.dtype == "F64") {
            std::unique_ptr<float[]> buf(new float[count ? count : 1]);
            for (std::size_t i = 0; i < count; ++i) {
                if (t.dtype == "F32") {
                    std::memcpy(&buf[i], src + 4 * i, 4);
                } else if (t.dtype == "F64") {
                    double d;
                    std::memcpy(&d, src + 8 * i, 8);
                    buf[i] = static_cast<float>(d);   // round to nearest even, as .astype(float32)
                } else {
                    const std::uint16_t u = static_cast<std::uint16_t>(static_cast<unsigned char>(src[2 * i]) |
                                                                       (static_cast<unsigned char>(src[2 * i + 1]) << 8));
                    if (t.dtype == "F16") {
                        buf[i] = half_to_float(u);
                    } else {   // BF16: the high half of a float32
                        const std::uint32_t bits = static_cast<std::uint32_t>(u) << 16;
                        std::memcpy(&buf[i], &bits, 4);
                    }
                }
            }
            out.data = buf.get();
            owned_.push_back(std::move(buf));
        }
        tensors_.emplace(t.name, std::move(out));
    }
}

SafetensorsFile::~SafetensorsFile() {
    if (map_) ::munmap(map_, size_);
}

}  // namespace attn::gpt2
