#pragma once
// attn's second implementation of one attention head, for the lesson's section 5 check:
//   out = softmax(q kᵀ / sqrt(d), dim=-1) v    with an optional causal mask (key j <= query i),
// computed in ONE pass over the keys per query with an online softmax (Milakov & Gimelshein 2018;
// the idea FlashAttention builds on). It never forms the (T, T) score matrix, so it rounds in a
// different order from the step-by-step head; their largest difference is a float32 rounding
// artefact (about 1e-7 for the lesson's sizes).
// q, k: (T, d); v: (T, dv); out: (T, dv). Rows are positions, as in the lesson.
#include "core/float32_ops.hpp"

namespace attn::core {

Tensor32 online_softmax_attention(const Tensor32& q, const Tensor32& k, const Tensor32& v,
                                  bool causal);

}  // namespace attn::core
