// Counted, aligned buffers for the kernels (see memory.hpp).
#include "core/kernels/memory.hpp"

#include <cstdlib>
#include <new>

namespace attn::kernels {
namespace {
constexpr std::size_t kAlign = 64;   // one cache line; also a whole AVX-512 register
}

void Meter::add(std::size_t bytes) {
    const std::size_t now = live_.fetch_add(bytes) + bytes;
    std::size_t peak = peak_.load();
    while (now > peak && !peak_.compare_exchange_weak(peak, now)) {
    }
}

void Meter::remove(std::size_t bytes) { live_.fetch_sub(bytes); }

Buffer::Buffer(Meter& meter, std::size_t count) : meter_(&meter), count_(count) {
    // Round the allocation up to whole cache lines (aligned_alloc requires it); the Meter counts
    // the bytes really taken.
    const std::size_t bytes = ((count * sizeof(float) + kAlign - 1) / kAlign) * kAlign;
    if (bytes > 0) {
        data_ = static_cast<float*>(std::aligned_alloc(kAlign, bytes));
        if (!data_) throw std::bad_alloc();
    }
    meter_->add(bytes);
}

void Buffer::release() {
    if (meter_) {
        meter_->remove(((count_ * sizeof(float) + kAlign - 1) / kAlign) * kAlign);
        std::free(data_);
    }
    meter_ = nullptr;
    data_ = nullptr;
    count_ = 0;
}

Buffer::~Buffer() { release(); }

Buffer::Buffer(Buffer&& o) noexcept : meter_(o.meter_), data_(o.data_), count_(o.count_) {
    o.meter_ = nullptr;
    o.data_ = nullptr;
    o.count_ = 0;
}

Buffer& Buffer::operator=(Buffer&& o) noexcept {
    if (this != &o) {
        release();
        meter_ = o.meter_;
        data_ = o.data_;
        count_ = o.count_;
        o.meter_ = nullptr;
        o.data_ = nullptr;
        o.count_ = 0;
    }
    return *this;
}

}  // namespace attn::kernels
