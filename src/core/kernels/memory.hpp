#pragma once
// The kernels' own allocation accounting: every buffer a kernel works in comes from a Meter,
// which keeps the bytes live now and the most ever live at once. `attn cost` reports that peak
// as the kernel's working memory: it is what the kernel actually allocated (its output included,
// its inputs x and W not), counted at each allocation, not a formula of T.
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace attn::kernels {

class Meter {
public:
    void add(std::size_t bytes);
    void remove(std::size_t bytes);
    std::size_t live() const { return live_.load(); }
    std::size_t peak() const { return peak_.load(); }

private:
    std::atomic<std::size_t> live_{0};
    std::atomic<std::size_t> peak_{0};
};

// A 64-byte-aligned float array owned by one kernel run, counted by its Meter from allocation to
// destruction. Move-only. Aligned so that SIMD loads of a row start never straddle a cache line.
class Buffer {
public:
    Buffer() = default;
    Buffer(Meter& meter, std::size_t count);
    ~Buffer();
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    float* data() { return data_; }
    const float* data() const { return data_; }
    std::size_t size() const { return count_; }
    float& operator[](std::size_t i) { return data_[i]; }
    float operator[](std::size_t i) const { return data_[i]; }

private:
    void release();
    Meter* meter_ = nullptr;
    float* data_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace attn::kernels
