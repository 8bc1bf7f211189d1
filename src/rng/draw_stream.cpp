// The generator's block of PCG64 draws (draw_stream.hpp).
#include "rng/draw_stream.hpp"

namespace attn::rng {

DrawStream::DrawStream(pcg64::u128 state, pcg64::u128 inc, const simd::Kernels* simd)
    : start_(state), inc_(inc), simd_(simd && simd->candidates ? simd : nullptr),
      lane_step_(pcg64::jump(inc, simd_ && simd_->fill ? simd::kLanes : kScalarLanes)),
      block_step_(pcg64::jump(inc, kBlock)) {}

void DrawStream::refill() {
    // the new block starts where the last one ended (every draw of it was handed out)
    if (len_ != 0) start_ = block_step_.apply(start_);
    if (simd_ && simd_->fill) {
        fill_simd();
    } else {
        fill_scalar();
    }
    pos_ = 0;
    len_ = kBlock;
    ++refills_;
}

void DrawStream::fill_scalar() {
    // four named lanes (not an array) so that the states stay in registers
    pcg64::u128 s0 = start_ * pcg64::MULT + inc_;
    pcg64::u128 s1 = s0 * pcg64::MULT + inc_;
    pcg64::u128 s2 = s1 * pcg64::MULT + inc_;
    pcg64::u128 s3 = s2 * pcg64::MULT + inc_;
    const pcg64::u128 mult = lane_step_.mult, plus = lane_step_.plus;
    for (std::size_t r = 0;;) {
        buf_[r] = pcg64::output(s0);
        buf_[r + 1] = pcg64::output(s1);
        buf_[r + 2] = pcg64::output(s2);
        buf_[r + 3] = pcg64::output(s3);
        r += kScalarLanes;
        if (r == kBlock) break;
        s0 = s0 * mult + plus;
        s1 = s1 * mult + plus;
        s2 = s2 * mult + plus;
        s3 = s3 * mult + plus;
    }
}

void DrawStream::fill_simd() {
    if (!lanes_set_) {
        pcg64::u128 s = start_;
        for (std::size_t i = 0; i < simd::kLanes; ++i) {
            s = s * pcg64::MULT + inc_;
            lanes_.hi[i] = static_cast<std::uint64_t>(s >> 64);
            lanes_.lo[i] = static_cast<std::uint64_t>(s);
        }
        lanes_set_ = true;
    }
    simd_->fill(lanes_, static_cast<std::uint64_t>(lane_step_.mult >> 64), static_cast<std::uint64_t>(lane_step_.mult),
                static_cast<std::uint64_t>(lane_step_.plus >> 64), static_cast<std::uint64_t>(lane_step_.plus), buf_,
                kBlock / simd::kLanes);
}

}  // namespace attn::rng
