// One-pass attention with an online softmax, in float32 (see online_attention.hpp).
#include "core/online_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attn::core {

Tensor32 online_softmax_attention(const Tensor32& q, const Tensor32& k, const Tensor32& v,
                                  bool causal) {
    if (q.cols != k.cols || k.rows != v.rows || (causal && q.rows > k.rows)) {
        throw std::invalid_argument("online_softmax_attention: shapes do not fit");
    }
    const std::size_t t_q = q.rows, t_k = k.rows, d = q.cols, dv = v.cols;
    // The scale is folded into each score as one float32 multiply (the step-by-step head divides).
    const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(d)));
    Tensor32 out(t_q, dv);
    std::vector<float> acc(dv);
    for (std::size_t i = 0; i < t_q; ++i) {
        // Running state over the keys seen so far: m = max score, l = Σ exp(s - m),
        // acc = Σ exp(s - m) v_j. A new larger max rescales l and acc by exp(m_old - m_new).
        float m = -std::numeric_limits<float>::infinity();
        float l = 0.0f;
        std::fill(acc.begin(), acc.end(), 0.0f);
        const std::size_t last = causal ? i + 1 : t_k;   // causal: keys 0..i only
        for (std::size_t j = 0; j < last; ++j) {
            float s = 0.0f;
            for (std::size_t c = 0; c < d; ++c) s = s + q(i, c) * k(j, c);
            s = s * scale;
            const float m_new = std::max(m, s);
            const float correction = std::exp(m - m_new);   // exp(-inf) = 0 on the first key
            const float p = std::exp(s - m_new);
            l = l * correction + p;
            for (std::size_t c = 0; c < dv; ++c) acc[c] = acc[c] * correction + p * v(j, c);
            m = m_new;
        }
        for (std::size_t c = 0; c < dv; ++c) out(i, c) = acc[c] / l;
    }
    return out;
}

}  // namespace attn::core
