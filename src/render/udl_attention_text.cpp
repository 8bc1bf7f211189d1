#include "render/udl_attention_text.hpp"

#include <cstdlib>

#include <fmt/format.h>

#include "print/numpy_array.hpp"
#include "print/python_str_repr.hpp"
#include "print/rounding.hpp"

namespace attn::render {
namespace {

// A float32 weight as the double NumPy's float32 printing sees: its shortest float32 digits (so
// that maxprec's "fewest digits that identify it" counts float32's digits, not float64's).
// {fmt}'s "{}" of a float is its shortest round-trip digits (std::to_chars(float) is not in the
// WebAssembly build's C++ library, Emscripten's libc++); for |f| <= 10^6 it reads back to the same
// double as to_chars's (checked on 4·10^6 floats), and a weight is in [0, 1].
double as_printed(float f) { return std::strtod(fmt::format("{}", f).c_str(), nullptr); }

std::vector<std::pair<long, long>> shown_heads(const results::UdlAttentionReport& r) {
    if (r.shown) return {*r.shown};
    std::vector<std::pair<long, long>> all;
    for (long l = 0; l < r.layers; ++l)
        for (long h = 0; h < r.heads; ++h) all.emplace_back(l, h);
    return all;
}

}  // namespace

std::string udl_attention_text(const results::UdlAttentionReport& r) {
    const std::size_t T = r.size();
    std::string out = "tokens:";
    for (const std::string& t : r.tokens) out += " " + print::py_str_repr(t);
    out += "\n";
    print::PrintOptions opts;   // udl124.py: np.set_printoptions(precision=3, suppress=True)
    opts.precision = 3;
    opts.suppress = true;
    for (const auto& [layer, head] : shown_heads(r)) {
        std::vector<double> a(T * T), sums(T, 0.0);
        for (std::size_t m = 0; m < T; ++m)
            for (std::size_t n = 0; n < T; ++n) {
                const float w = r.a(layer, head, m, n);
                a[m * T + n] = as_printed(w);
                sums[n] += static_cast<double>(w);   // A.sum(axis=0, dtype=np.float64): row after row
            }
        out += "layer " + std::to_string(layer) + ", head " + std::to_string(head) +
               ": attention matrix A (columns = output positions, rows = input positions):\n";
        out += print::array_str(a, {T, T}, opts) + "\n";
        out += "column sums: " + print::array_str(print::np_round(sums, 6), {T}, opts) + "\n";
    }
    return out;
}

Heatmap udl_attention_heatmap(const results::UdlAttentionReport& r, long layer, long head) {
    const std::size_t T = r.size();
    Heatmap h;
    h.title = "GPT-2 layer " + std::to_string(layer) + ", head " + std::to_string(head) + ": attention A";
    h.axes = "rows: input tokens m; columns: output tokens n (each column sums to 1)";
    for (const std::string& t : r.tokens) {
        h.row_labels.push_back(print::py_str_repr(t));
        h.column_labels.push_back(print::py_str_repr(t));
    }
    h.rows = h.columns = T;
    for (std::size_t m = 0; m < T; ++m)
        for (std::size_t n = 0; n < T; ++n) {
            h.values.push_back(r.a(layer, head, m, n));
            h.masked.push_back(m > n);   // the causal mask: output n sees inputs m <= n
        }
    h.scale = Scale::weights;
    h.decimals = 3;
    return h;
}

std::vector<Heatmap> udl_attention_heatmaps(const results::UdlAttentionReport& r) {
    std::vector<Heatmap> maps;
    for (const auto& [layer, head] : shown_heads(r)) maps.push_back(udl_attention_heatmap(r, layer, head));
    return maps;
}

}  // namespace attn::render
