#pragma once
// What `attn lesson` (the companion lesson's `python attention.py`) computes; rendered by
// render/lesson_text. Every number is a float32 value widened to double, as Tensor.tolist() and
// .item() hand them to Python.
#include <string>
#include <vector>

#include "results/array.hpp"

namespace attn::results {

// Section 4: one line per width d.
struct LessonSpreadRow {
    long d = 0;
    double dot_std = 0;            // (q * k).sum(-1).std() over 1000 pairs of randn(d) vectors
    double sqrt_d = 0;             // math.sqrt(d)
    double max_weight_raw = 0;     // mean over 5 rows of the largest softmax weight, unscaled
    double max_weight_scaled = 0;  // the same with the scores divided by sqrt(d)
};

struct LessonReport {
    std::vector<int> shown;                // sections to print, ascending, each once (1..5)

    // 1. averaging with one matrix product
    Array averaging_weights;               // ones(T, T).tril() / row sums   (T, T)
    bool third_is_mean = false;            // allclose(out[2], x[:3].mean(dim=0))

    // 2. dot-product scores of 光's query against hand-made keys
    std::vector<std::string> words;        // the keys' words, 床前明月光
    std::vector<double> scores;            // k @ q
    std::vector<double> weights;           // softmax(scores)
    std::vector<double> weights_x5;        // softmax(scores * 5)

    // 3. causal mask on random q, k
    Array causal_weights;                  // softmax(masked q kᵀ / sqrt(8)) (T, T)
    std::vector<bool> causal_keep;         // tril(ones(T, T)): row t keeps columns 0..t (T x T)

    // 4. the spread of dot products against d
    std::vector<LessonSpreadRow> spread;

    // 5. one full head, against attn's second implementation (the flash kernel, src/core/kernels/)
    Shape input_shape;                     // x: (T, d_model)
    Shape qkv_shape;                       // q, k, v: (T, d_head)
    Shape output_shape;                    // out: (T, d_head)
    bool causal = true;                    // false with --no-mask
    Array head_output;                     // out = softmax(q kᵀ / sqrt(d_head)) v  (T, d_head)
    double max_difference = 0;             // (out - flash's out).abs().max()
};

}  // namespace attn::results
