// Decoding T tokens one at a time, with and without a KV cache (see kernels.hpp). Token t's
// output is the causal head's row t, so both equal the flash and naive heads row for row.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/kernels/dispatch.hpp"

namespace attn::kernels {
namespace {

float q_scale() { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(kHead))); }

void require_causal(const Settings& s, const char* who) {
    if (!s.causal) throw std::invalid_argument(std::string(who) + ": decoding is causal by definition");
}

}  // namespace

// Per token t: project x_t alone (its key and value go into the cache), then one query over the
// t + 1 cached keys. Work O(t) per token; the cache holds (kHead, T) keys and values.
Result kv_cache(const Head& h, Meter& meter, const Settings& s) {
    require_causal(s, "kv-cache");
    const Table& simd = table();
    const std::size_t capacity = padded(h.t);
    Buffer wpack(meter, h.d_model * kPack);
    pack_weights(h, q_scale(), wpack.data());
    Buffer k_cache(meter, kHead * capacity), v_cache(meter, kHead * capacity);
    std::fill(k_cache.data(), k_cache.data() + k_cache.size(), 0.0f);
    std::fill(v_cache.data(), v_cache.data() + v_cache.size(), 0.0f);
    Buffer q(meter, kHead), scratch(meter, kTile);
    Result r{Buffer(meter, h.t * kHead), 0};
    std::uint64_t pending = 0;   // multiplications not yet ticked
    for (std::size_t t = 0; t < h.t; ++t) {
        simd.project(h.x, h.d_model, wpack.data(), t, t + 1, q.data(), k_cache.data(), v_cache.data(), capacity);
        r.multiplications += 3 * h.d_model * kHead;
        const std::uint64_t row = simd.attend_row(q.data(), k_cache.data(), v_cache.data(), capacity, t + 1,
                                                  scratch.data(), r.out.data() + t * kHead);
        r.multiplications += row;
        s.ticks.add(pending, row);
    }
    return r;
}

// Per token t: no cache, so the whole head runs again on x[0..t] (projections of every earlier
// position and every query's attention, flash's way) and only the last row is kept. Work O(t²)
// per token; the buffers of each pass are allocated and freed as a fresh forward pass would.
Result recompute(const Head& h, Meter& meter, const Settings& s) {
    require_causal(s, "recompute");
    const Table& simd = table();
    Buffer wpack(meter, h.d_model * kPack);
    pack_weights(h, q_scale(), wpack.data());
    Result r{Buffer(meter, h.t * kHead), 0};
    std::uint64_t pending = 0;   // multiplications not yet ticked
    for (std::size_t t = 0; t < h.t; ++t) {
        const std::size_t n = t + 1, stride = padded(n);
        const std::uint64_t before = r.multiplications;
        Buffer q(meter, n * kHead), kT(meter, kHead * stride), vT(meter, kHead * stride);
        std::fill(kT.data(), kT.data() + kT.size(), 0.0f);
        std::fill(vT.data(), vT.data() + vT.size(), 0.0f);
        Buffer out(meter, n * kHead), scratch(meter, kTile);
        simd.project(h.x, h.d_model, wpack.data(), 0, n, q.data(), kT.data(), vT.data(), stride);
        r.multiplications += 3 * n * h.d_model * kHead;
        for (std::size_t i = 0; i < n; ++i) {
            r.multiplications += simd.attend_row(q.data() + i * kHead, kT.data(), vT.data(), stride, i + 1,
                                                 scratch.data(), out.data() + i * kHead);
        }
        std::copy(out.data() + t * kHead, out.data() + n * kHead, r.out.data() + t * kHead);
        s.ticks.add(pending, r.multiplications - before);
    }
    return r;
}

}  // namespace attn::kernels
