#pragma once
// The ziggurat over a DrawStream (docs/spec/numpy-random.md §3-§4): NumPy's
// random_standard_normal and Generator.normal's loop, shared by NumpyGenerator (one stream, in
// order) and the read-ahead (read_ahead.hpp: the same loop started at other places of the
// stream). One loop for both, so a normal decoded ahead is the bits of one drawn in order.
#include <cstddef>
#include <cstdint>

#include "rng/draw_stream.hpp"

namespace attn::rng {

// NumPy's random_standard_normal on the stream's next draws (§3); may return -0.0.
double standard_normal(DrawStream& s);

// Generator.normal's loop (§4): out[i] = loc + scale * z_i (multiply, then add: never fused)
// for the stream's next normals, until `count` normals or until the next normal would start at
// draw `stop` or later (counted by s.drawn()); returns how many were drawn. A normal that starts
// before `stop` is finished even when the slow path takes draws at `stop` or after. f caches the
// fast path's candidates of s's block (only for s).
std::size_t draw_normals(DrawStream& s, FastPathBlock& f, double loc, double scale, double* out, std::size_t count,
                         std::uint64_t stop = ~std::uint64_t{0});

}  // namespace attn::rng
