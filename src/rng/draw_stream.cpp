// The generator's block of PCG64 draws (draw_stream.hpp).
#include "rng/draw_stream.hpp"

namespace attn::rng {

void DrawStream::refill() {
    // the new block starts where the last one ended (every draw of it was handed out)
    if (len_ != 0) start_ = block_step_.apply(start_);
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
        r += kLanes;
        if (r == kBlock) break;
        s0 = s0 * mult + plus;
        s1 = s1 * mult + plus;
        s2 = s2 * mult + plus;
        s3 = s3 * mult + plus;
    }
    pos_ = 0;
    len_ = kBlock;
}

}  // namespace attn::rng
