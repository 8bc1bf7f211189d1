#include "render/heatmap_views.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace attn::render {
namespace {

std::vector<std::string> positions(std::size_t n) {
    std::vector<std::string> labels;
    for (std::size_t i = 1; i <= n; ++i) labels.push_back(std::to_string(i));
    return labels;
}

Heatmap square(const results::Array& a, Scale scale, int decimals) {
    Heatmap h;
    h.rows = a.shape.at(0);
    h.columns = a.shape.at(1);
    h.values = a.values;
    h.row_labels = positions(h.rows);
    h.column_labels = positions(h.columns);
    h.scale = scale;
    h.decimals = decimals;
    return h;
}

bool english(Wording w) { return w == Wording::english; }

std::vector<std::string> zero_based(std::size_t n) {
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < n; ++i) labels.push_back(std::to_string(i));
    return labels;
}

// A UDL matrix with the notebooks' 0-based labels; cells show 3 decimals (12.2's precision; 12.1
// prints 8, which the text above the picture keeps).
Heatmap udl_map(const results::Array& a, Scale scale, std::string title, std::string axes) {
    Heatmap h = square(a, scale, 3);
    h.row_labels = zero_based(h.rows);
    h.column_labels = zero_based(h.columns);
    h.title = std::move(title);
    h.axes = std::move(axes);
    return h;
}

constexpr const char* kUdlAttentionAxes = "rows: input m, columns: output n (0-based, as the notebook)";
constexpr const char* kUdlOutputAxes = "rows: dimension, columns: output n (0-based, as the notebook)";

}  // namespace

std::vector<Heatmap> attention_heatmaps(const results::AttentionReport& r, Wording w) {
    // attention.py prints with precision=3; the cells show the same digits.
    Heatmap scores = square(r.scores, Scale::signed_, 3);
    Heatmap weights = square(r.weights, Scale::weights, 3);
    if (english(w)) {
        scores.title = "Scores S = KᵀQ / √Dq (blue negative, white 0, red positive)";
        weights.title = "Attention matrix A = softmax of each column of S (viridis, 0 to 1)";
        scores.axes = weights.axes = "rows: input position m, columns: output position n";
    } else {
        scores.title = "分數 S = KᵀQ / √Dq（藍為負、白為 0、紅為正）";
        weights.title = "注意力矩陣 A：S 每欄做 softmax（viridis，0 到 1）";
        scores.axes = weights.axes = "列＝輸入位置 m，欄＝輸出位置 n";
    }
    return {scores, weights};
}

Heatmap mask_heatmap(const results::MaskReport& r, Wording w) {
    Heatmap h = square(r.masked_weights, Scale::weights, 3);
    h.masked.resize(r.allowed.size());
    std::transform(r.allowed.begin(), r.allowed.end(), h.masked.begin(), [](bool a) { return !a; });
    if (english(w)) {
        h.title = "Masked attention matrix (viridis, 0 to 1; a dot marks a masked cell)";
        h.axes = "rows: input position m, columns: output position n; masked where m > n";
    } else {
        h.title = "遮罩後的注意力矩陣（viridis，0 到 1；. 為遮掉的格子）";
        h.axes = "列＝輸入位置 m，欄＝輸出位置 n；m > n 的格子被遮掉";
    }
    return h;
}

std::vector<Heatmap> permutation_heatmaps(const results::PermutationReport& r, Wording w) {
    const bool en = english(w);
    const auto map = [&](const results::Array& a, Scale scale, const std::string& english_title, const std::string& chapter_title) {
        Heatmap h = square(a, scale, 3);
        h.title = en ? english_title : chapter_title;
        h.axes = en ? "rows: dimension, columns: output position n" : "列＝維度，欄＝輸出位置 n";
        return h;
    };
    results::Array gap = r.encoded_of_permuted;
    for (std::size_t i = 0; i < gap.values.size(); ++i) gap.values[i] = std::abs(gap.values[i] - r.encoded_permuted.values[i]);
    std::vector<Heatmap> maps = {
        map(r.plain_permuted, Scale::signed_, "SA[X] P: the outputs, permuted", "SA[X] P：輸出再重排"),
        map(r.plain_of_permuted, Scale::signed_,
            std::string("SA[X P]: the outputs of the permuted inputs, ") + (r.equivariant_plain ? "the same (equivariant)" : "not the same"),
            std::string("SA[X P]：輸入重排後的輸出，") + (r.equivariant_plain ? "相同（等變）" : "不相同")),
        map(r.encoded_permuted, Scale::signed_, "SA[X + E] P: with the positional encoding E, permuted", "SA[X + E] P：加上位置編碼 E，再重排"),
        map(r.encoded_of_permuted, Scale::signed_,
            std::string("SA[X P + E]: the permuted inputs with E, ") + (r.equivariant_encoded ? "still the same" : "no longer the same"),
            std::string("SA[X P + E]：重排後再加 E，") + (r.equivariant_encoded ? "仍相同" : "不再相同")),
        map(gap, Scale::signed_, "|SA[X P + E] - SA[X + E] P|: what the encoding changed (white 0, red larger)",
            "|SA[X P + E] - SA[X + E] P|：位置編碼造成的差（白為 0、紅為較大）"),
    };
    // One colour range for the four outputs, so that equal values are equal colours.
    double limit = 0;
    for (std::size_t k = 0; k < 4; ++k) limit = std::max(limit, colour_limit(maps[k]));
    for (std::size_t k = 0; k < 4; ++k) maps[k].limit = limit;
    return maps;
}

std::vector<Heatmap> multihead_heatmaps(const results::MultiheadReport& r, Wording w) {
    std::vector<Heatmap> out;
    for (const results::MultiheadRow& row : r.rows) {
        if (!row.head_differences) continue;
        Heatmap h = square(*row.head_differences, Scale::weights, 3);
        const std::string heads = "H=" + std::to_string(row.heads);
        if (english(w)) {
            h.title = heads + ": how differently the heads attend, the mean over output positions of "
                              "½ Σ_m |A_i - A_j| (0 the same weights, 1 disjoint)";
            h.axes = "rows: head i, columns: head j";
        } else {
            h.title = heads + "：各頭的發言權分得多不一樣，每個輸出位置 ½ Σ_m |A_i - A_j| 的平均"
                              "（0＝權重相同，1＝毫不重疊）";
            h.axes = "列＝第 i 頭，欄＝第 j 頭";
        }
        out.push_back(std::move(h));
    }
    return out;
}

std::vector<Heatmap> lesson_heatmaps(const results::LessonReport& r, Wording w) {
    // The lesson is written in simplified Chinese and keeps its script; English on request. In
    // English (and so in the SVG) each character is labelled with its position too ("1 床"): a
    // picture rendered without a CJK font still says which row is which (docs/pictures.md).
    std::vector<std::string> words = r.words;
    if (english(w)) {
        for (std::size_t i = 0; i < words.size(); ++i) words[i] = std::to_string(i + 1) + " " + words[i];
    }
    std::vector<Heatmap> out;
    const auto shown = [&](int s) { return std::find(r.shown.begin(), r.shown.end(), s) != r.shown.end(); };
    if (shown(3)) {
        Heatmap h = square(r.causal_weights, Scale::weights, 2);   // torch prints 2 decimals
        h.row_labels = h.column_labels = words;
        h.masked.resize(r.causal_keep.size());
        std::transform(r.causal_keep.begin(), r.causal_keep.end(), h.masked.begin(), [](bool k) { return !k; });
        if (english(w)) {
            h.title = "3. Causal mask: the weights (viridis, 0 to 1; a dot marks a masked cell)";
            h.axes = "rows: the query's position and character, columns: the key's";
        } else {
            h.title = "3. 因果掩码后的权重（viridis，0 到 1；. 为掩掉的位置）";
            h.axes = "行＝查询的字，列＝键的字";
        }
        out.push_back(h);
    }
    if (shown(5)) {
        // One row per position of section 5's sequence: the lesson's characters at its own T = 5,
        // positions 1..T at any other --t (the sentence has five characters, not T).
        Heatmap h = square(r.head_output, Scale::signed_, 2);
        const bool characters = h.rows == r.words.size();
        if (characters) h.row_labels = words;
        if (english(w)) {
            h.title = std::string("5. The head's output out") + (r.causal ? "" : " (no mask)") +
                      " (blue negative, white 0, red positive)";
            h.axes = characters ? "rows: the position and character, columns: output dimension"
                                : "rows: position t, columns: output dimension";
        } else {
            h.title = std::string("5. 注意力头的输出 out") + (r.causal ? "" : "（不加掩码）") + "（蓝为负、白为 0、红为正）";
            h.axes = characters ? "行＝字，列＝输出的维度" : "行＝位置 t，列＝输出的维度";
        }
        out.push_back(h);
    }
    return out;
}

std::vector<Heatmap> udl_heatmaps(const results::UdlReport& r) {
    std::vector<Heatmap> out;
    if (r.notebook == results::UdlNotebook::nb12_1) {
        const auto& loop = r.nb121.attentions;   // loop[n][m] is a_nm, a (1, 1) array
        results::Array unscaled{{loop.size(), loop.size()}, std::vector<double>(loop.size() * loop.size())};
        for (std::size_t n = 0; n < loop.size(); ++n) {
            for (std::size_t m = 0; m < loop[n].size() && m < loop.size(); ++m) {
                unscaled.values[m * loop.size() + n] = loop[n][m].values.at(0);
            }
        }
        out.push_back(udl_map(unscaled, Scale::weights,
                              "Attention a_nm = softmax over m of k_m·q_n, unscaled (viridis, 0 to 1)",
                              kUdlAttentionAxes));
        out.push_back(udl_map(r.nb121.scaled_attention, Scale::weights,
                              "Scaled attention softmax(KᵀQ / √D), each column (viridis, 0 to 1)", kUdlAttentionAxes));
        out.push_back(udl_map(r.nb121.x_prime_scaled, Scale::signed_,
                              "X' = V · scaled attention (blue negative, white 0, red positive)", kUdlOutputAxes));
        return out;
    }
    // A mistake's pictures say so: its attention is not the notebook's formula.
    const std::string wrong = r.nb122.mistake.empty() ? "" : " [mistake: " + r.nb122.mistake + "]";
    for (std::size_t i = 0; i < r.nb122.head_attentions.size(); ++i) {
        out.push_back(udl_map(r.nb122.head_attentions[i], Scale::weights,
                              "Head " + std::to_string(i) + ": attention " +
                                  (wrong.empty() ? "softmax(KᵀQ / √(D/H)), each column" : wrong.substr(1)) +
                                  " (viridis, 0 to 1)",
                              kUdlAttentionAxes));
    }
    out.push_back(udl_map(r.nb122.x_prime, Scale::signed_,
                          "X' = Ωc · the heads stacked" + wrong + " (blue negative, white 0, red positive)",
                          kUdlOutputAxes));
    return out;
}

}  // namespace attn::render
