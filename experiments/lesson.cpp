// The companion lesson, section by section (see lesson.hpp). Shapes follow the lesson: rows are
// positions (x is (T, d)), softmax runs along each row (dim=-1).
#include "experiments/lesson.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "errors.hpp"
#include "experiments/checks.hpp"
#include "core/torch32/ops.hpp"
#include "core/kernels/kernels.hpp"
#include "rng/torch_generator.hpp"

namespace attn::experiments {
namespace {

using core::torch32::Tensor32;

constexpr std::size_t kT = 5;                            // the lesson's T, one per word
const std::vector<std::string> kWords = {"床", "前", "明", "月", "光"};
constexpr long kSpreadWidths[] = {16, 64, 256, 1024};   // section 4's d
constexpr std::size_t kSpreadPairs = 1000;              // randn(1000, d) pairs for the spread
constexpr std::size_t kModel = 16, kHead = 8;           // section 5's d_model, d_head
constexpr long kMaxT = 100000;                          // lesson_head_inputs: attn cost's --t bound

Tensor32 randn(rng::TorchGenerator& g, std::size_t rows, std::size_t cols) {
    return Tensor32(rows, cols, g.randn(rows, cols));
}

results::Array to_array(const Tensor32& t) {
    return {{t.rows, t.cols}, std::vector<double>(t.data.begin(), t.data.end())};
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

const float kMinusInf = -std::numeric_limits<float>::infinity();

// 1. weights = ones(T, T).tril() / row sums; out = weights @ x.
void averaging(rng::TorchGenerator& g, results::LessonReport& r) {
    const Tensor32 x = randn(g, kT, 4);
    const Tensor32 ones_tril = core::torch32::masked_fill_not(Tensor32(kT, kT, 1.0f), core::torch32::tril_mask(kT), 0.0f);
    const Tensor32 weights = core::torch32::normalise_rows(ones_tril);
    const Tensor32 out = core::torch32::matmul(weights, x);
    r.averaging_weights = to_array(weights);
    r.third_is_mean = core::torch32::allclose(out.row(2), core::torch32::mean_of_first_rows(x, 3));
}

// 2. hand-made keys, 光's query: scores = k @ q, then softmax, and softmax of scores * 5.
void scores(const LessonOptions& o, results::LessonReport& r) {
    const Tensor32 k(kT, 2, {0.1f, 0.9f,    // 床: a place
                             0.0f, 1.0f,    // 前: a direction
                             0.9f, 0.1f,    // 明: the sky, light
                             1.0f, 0.0f,    // 月: a thing in the sky
                             0.8f, 0.2f});  // 光
    const std::vector<float> q = {static_cast<float>(o.query[0]), static_cast<float>(o.query[1])};
    const std::vector<float> s = core::torch32::matvec(k, q);
    r.words = kWords;
    r.scores = widen(s);
    r.weights = widen(core::torch32::softmax(s));
    r.weights_x5 = widen(core::torch32::softmax(core::torch32::scale(s, 5.0)));
}

// 3. scores = q @ k.T / sqrt(8), masked above the diagonal with -inf, softmax over each row.
void causal(rng::TorchGenerator& g, results::LessonReport& r) {
    const Tensor32 q = randn(g, kT, 8);
    const Tensor32 k = randn(g, kT, 8);
    const Tensor32 s = core::torch32::divide(core::torch32::matmul_transposed(q, k), std::sqrt(8.0));
    const std::vector<bool> keep = core::torch32::tril_mask(kT);
    r.causal_weights = to_array(core::torch32::softmax_rows(core::torch32::masked_fill_not(s, keep, kMinusInf)));
    r.causal_keep = keep;
}

// 4. avg_max_weight: the mean over the rows of each row's largest softmax weight.
float avg_max_weight(rng::TorchGenerator& g, long d, bool scaled) {
    const auto width = static_cast<std::size_t>(d);
    const Tensor32 q = randn(g, kT, width);
    const Tensor32 k = randn(g, kT, width);
    Tensor32 s = core::torch32::matmul_transposed(q, k);
    if (scaled) s = core::torch32::divide(s, std::sqrt(static_cast<double>(d)));
    return core::torch32::mean(core::torch32::row_max(core::torch32::softmax_rows(s)));
}

void spread(rng::TorchGenerator& g, results::LessonReport& r) {
    for (long d : kSpreadWidths) {
        const auto width = static_cast<std::size_t>(d);
        const Tensor32 q = randn(g, kSpreadPairs, width);
        const Tensor32 k = randn(g, kSpreadPairs, width);
        const std::vector<float> dots = core::torch32::row_sums(core::torch32::multiply(q, k));   // (q * k).sum(-1)
        results::LessonSpreadRow row;
        row.d = d;
        row.dot_std = core::torch32::std_unbiased(dots);
        row.sqrt_d = std::sqrt(static_cast<double>(d));
        row.max_weight_raw = avg_max_weight(g, d, false);
        row.max_weight_scaled = avg_max_weight(g, d, true);
        r.spread.push_back(row);
    }
}

// Section 5's draws (after sections 1-4's): x = randn(T, 16); W = randn(16, 8) / sqrt(16), thrice.
LessonHead draw_head(rng::TorchGenerator& g, std::size_t t) {
    LessonHead h;
    h.x = randn(g, t, kModel);
    const double root_model = std::sqrt(static_cast<double>(kModel));
    h.w_q = core::torch32::divide(randn(g, kModel, kHead), root_model);
    h.w_k = core::torch32::divide(randn(g, kModel, kHead), root_model);
    h.w_v = core::torch32::divide(randn(g, kModel, kHead), root_model);
    return h;
}

// attn's second implementation: the flash kernel's attention (tiled online softmax, FMA and SIMD;
// src/core/kernels/) on the same q, k, v, as the lesson hands its q, k, v to PyTorch's fused
// scaled_dot_product_attention. The two differ by float32 rounding only.
Tensor32 flash_head(const Tensor32& q, const Tensor32& k, const Tensor32& v, bool causal) {
    kernels::Meter meter;
    kernels::Settings settings;
    settings.causal = causal;
    const kernels::Result r = kernels::flash_attention(q.data.data(), k.data.data(), v.data.data(), q.rows, meter, settings);
    return Tensor32(q.rows, kernels::kHead, std::vector<float>(r.out.data(), r.out.data() + r.out.size()));
}

// 5. one head: q, k, v = x @ W_q, x @ W_k, x @ W_v; out = softmax(q kᵀ / sqrt(d_head), masked) v;
// compared with attn's flash kernel in the same mode.
void head(const LessonOptions& o, rng::TorchGenerator& g, results::LessonReport& r) {
    const auto t = static_cast<std::size_t>(o.t);
    const LessonHead h = draw_head(g, t);
    const Tensor32 q = core::torch32::matmul(h.x, h.w_q), k = core::torch32::matmul(h.x, h.w_k), v = core::torch32::matmul(h.x, h.w_v);
    Tensor32 s = core::torch32::divide(core::torch32::matmul_transposed(q, k), std::sqrt(static_cast<double>(kHead)));
    if (!o.no_mask) s = core::torch32::masked_fill_not(s, core::torch32::tril_mask(t), kMinusInf);
    const Tensor32 out = core::torch32::matmul(core::torch32::softmax_rows(s), v);
    r.input_shape = {h.x.rows, h.x.cols};
    r.qkv_shape = {q.rows, q.cols};
    r.output_shape = {out.rows, out.cols};
    r.causal = !o.no_mask;
    r.head_output = to_array(out);
    r.max_difference = core::torch32::max_abs_diff(out, flash_head(q, k, v, !o.no_mask));
}

}  // namespace

void validate(const LessonOptions& o) {
    for (long s : o.sections) {
        if (s < 1 || s > 5) {
            throw UsageError("SECTION", "must be a section number in 1..5 (got " + std::to_string(s) + ")");
        }
    }
    for (double v : o.query) {
        if (!std::isfinite(v) || std::fabs(v) > kMaxQuery) {
            throw UsageError("--query", "each number must be finite and in -1e6..1e6");
        }
    }
    if (o.t < 1 || o.t > kMaxLessonT) {
        throw UsageError("--t", "must be in 1..10000, section 5's sequence length; its three T×T "
                                "float32 matrices stay under 2 GiB (got " + std::to_string(o.t) + ")");
    }
    // Peak, in doubles: section 4's randn(1000, 1024) pairs (float32), or section 5's two T×T
    // float32 matrices alive at once (scores and the masked scores, then those and the weights
    // one at a time: measured, docs/performance.md) with x, q, k, v, out; the report keeps out (T×8).
    const double t = static_cast<double>(o.t);
    const double spread = static_cast<double>(kSpreadPairs) * 1024.0;   // 2 × 1000 × 1024 floats
    require_memory(run_peak_bytes(std::max(spread, t * t + 24.0 * t), 8.0 * t + 64.0, o.format),
                   "--t " + std::to_string(o.t));
}

LessonHead lesson_head_inputs(long t) {
    if (t < 1 || t > kMaxT) throw UsageError("--t", "must be in 1..100000 (got " + std::to_string(t) + ")");
    // sections 1-4's draws and x (T×16 float32); the check also covers OpenBLAS's buffers
    require_memory(peak_bytes(static_cast<double>(kSpreadPairs) * 1024.0 + 8.0 * static_cast<double>(t)),
                   "--t " + std::to_string(t));
    rng::TorchGenerator g;
    g.manual_seed(0);
    results::LessonReport discarded;   // sections 1-4 run only to advance the stream
    averaging(g, discarded);
    causal(g, discarded);
    spread(g, discarded);
    return draw_head(g, static_cast<std::size_t>(t));
}

results::LessonReport run_lesson(const LessonOptions& o) {
    validate(o);
    results::LessonReport r;
    for (int s = 1; s <= 5; ++s) {
        if (o.sections.empty() || std::find(o.sections.begin(), o.sections.end(), s) != o.sections.end()) {
            r.shown.push_back(s);
        }
    }
    rng::TorchGenerator g;
    g.manual_seed(0);
    averaging(g, r);
    scores(o, r);
    causal(g, r);
    spread(g, r);
    head(o, g, r);
    return r;
}

}  // namespace attn::experiments
