// Worked solutions of the book's problems 12.1, 12.3, 12.4, 12.7, 12.9: the numbers and the
// sentences that depend on them decided here once, the wording per language from the tables below.
#include "homework/solutions/book_solution_text.hpp"

#include <cmath>

#include <fmt/format.h>

#include "homework/key/book_key.hpp"
#include "homework/problems/precision.hpp"

namespace attn::homework {

namespace {

using fmt::arg;

struct BookWords {
    const char* list_sep;
    const char* b1;        // {n} {d} {qkv_weights} {qkv_biases} {qkv_params} {attention} {dn} {fc_weights} {fc_biases} {fc_params}
    const char* b3;        // {seed} {perm} {equivariant} {encoded} {gap}
    const char* b4_head;   // {z} {top} {zmax} {y}
    const char* b4_row;    // {i} {row}
    const char* b4_trap;   // {top} {one_minus} {naive} {jtt} {subnormal} {small} {y32} {y64} {zeros} {zmax}
    const char* b4_end;    // {largest} {choice} {choice_text}
    const char* b4_trap_mild;   // {top} {one_minus} {jtt}: the top output does not round to 1
    const char* b7;        // {n} {d} {proj} {scores} {weighting} {total} {recompute} {times}
    const char* b9;        // {rows} {cols} {p} {c} {spatial} {channel} {ratio}
    const char* b9_cheaper_patches;
    const char* b9_cheaper_channels;
    const char* b9_equal;
    const char* yes;
    const char* no;
    const char* choices[kBook12_4Choices];
};

const BookWords kChapter{
    "、",
    "原書習題 12.1（p.239）：自注意力有多少個參數\n\n"
    "題目：N = {n} 個長度 D = {d} 的輸入，查詢、鍵、值也都是長度 D。\n\n"
    "（a）查詢、鍵、值各有一個 D × D 的權重矩陣和一個長度 D 的偏置：3(D² + D) = 3D² + 3D。"
    "以 D = {d} 代入：{qkv_weights} + {qkv_biases} = {qkv_params}。\n\n"
    "（b）每個輸出 n 對每個輸入 m 都有一個注意力權重 a[x_m, x_n]，共 N² 個；N = {n} 時是 {attention} 個。"
    "它們不是參數，而是由輸入算出來的。\n\n"
    "（c）從全部 DN = {dn} 個輸入到全部 DN 個輸出的全連接層：(DN)² 個權重加 DN 個偏置，(DN)² + DN = {fc_weights} + {fc_biases} = {fc_params}。"
    "自注意力的參數在 N 個位置之間共用，所以（a）跟 N 無關；全連接層的參數卻隨 N² 成長。\n",
    "原書習題 12.3（p.239）：打亂輸入的順序，輸出只會跟著換位置\n\n"
    "證明：Sa[X] = V·Softmax[KᵀQ]，其中 Q = βq1ᵀ + ΩqX、K = βk1ᵀ + ΩkX、V = βv1ᵀ + ΩvX（式 12.8，輸入排成各欄）。"
    "P 是置換矩陣，PPᵀ = I，1ᵀP = 1ᵀ。把 X 換成 XP：Q 變成 QP、K 變成 KP、V 變成 VP（偏置項 β1ᵀP = β1ᵀ）。"
    "分數 (KP)ᵀ(QP) = Pᵀ(KᵀQ)P，列與欄用同一個置換；softmax 各欄獨立計算，所以 Softmax[PᵀSP] = PᵀSoftmax[S]P。"
    "於是 Sa[XP] = VP·PᵀSoftmax[S]P = V·Softmax[S]P = Sa[X]P。證畢。\n\n"
    "數值驗證（attn permutation --seed {seed} --perm {perm}；D = 6、N = 5、Dq = 4）：Sa[XP] 與 Sa[X]P 只差捨入誤差，np.allclose 為 {equivariant}。"
    "加上正弦位置編碼 E（base 100）之後比較 Sa[XP + E] 與 Sa[X + E]P：np.allclose 為 {encoded}，第一欄最大差 {gap}。"
    "位置編碼留在原位、輸入卻換了位置，對稱性因此被打破——這正是位置編碼存在的理由。\n",
    "原書習題 12.4（p.239）：飽和的 softmax 的偏導數\n\n"
    "題目：z = ({z})。y_i = exp(z_i − z_max) / Σ_j exp(z_j − z_max)，z_max = z_{top} = {zmax}：\n"
    "（a）y = ({y})（三位有效數字）。\n\n"
    "（b）∂y_i/∂z_j = y_i(δ_ij − y_j)：對角線上是 y_i(1 − y_i)，其餘是 −y_i y_j。\n",
    "  ∂y{i}/∂z = ({row})\n",
    "\n浮點數在哪裡把答案吃掉：y_{top} = 1 − {one_minus}，在 float64 裡恰好捨入成 1，照字面算 y_{top}(1 − y_{top}) 得到 {naive}——每一位數都被相減抵銷了。"
    "五個輸出加起來是 1，所以 1 − y_{top} 就是其他四個的和 {one_minus}，∂y_{top}/∂z_{top} = {jtt}。"
    "float32 更糟：五個輸出裡有 {subnormal} 個低於 float32 的正規範圍（1.2·10⁻³⁸），最小的 y 變成 {y32}（應為 {y64}），25 個偏導數有 {zeros} 個算出 0；"
    "如果不先減去最大的輸入，exp({zmax}) 在 float32 直接溢位，softmax 成了 inf/inf = NaN。\n",
    "\n（c）結論選 {choice}：{choice_text}每個偏導數的絕對值最大也只有 {largest}。"
    "梯度經過這個 softmax 幾乎傳不回任何輸入——所以分數不能太大，這正是要除以 √Dq 的原因。\n",
    "\n浮點數的陷阱：y_{top} 還沒有捨入成 1（1 − y_{top} = {one_minus}），照字面算也行；但把 1 − y_{top} 寫成其他輸出的和最穩當，∂y_{top}/∂z_{top} = {jtt}。\n",
    "原書習題 12.7（p.239）：有了鍵值快取，多一個詞元要多算多少\n\n"
    "題目：已處理 N = {n} 個詞元，它們的鍵與值已快取；寬度 D = {d}，單一注意力頭，查詢、鍵、值長度都是 D。"
    "只數乘法（偏置、指數與 softmax 的除法不算）。\n\n"
    "（a）只投影新詞元：q、k、v 各是 D × D 乘一個向量，3D² = {proj}。"
    "新的一列分數：它的查詢與 N + 1 個鍵（快取的 N 個加上自己的）做內積，(N + 1)D = {scores}。"
    "N + 1 個值的加權和：(N + 1)D = {weighting}。合計 {total}。遮罩讓前面的詞元看不到後面的，所以快取的一切都不必重算。\n\n"
    "（b）3D² + 2D(N + 1)。沒有快取、對 N + 1 個詞元全部重算要 3D²(N + 1) + 2D(N + 1)² = {recompute}，是 {times} 倍。\n",
    "原書習題 12.9（p.239）：在補丁之間還是在通道之間做注意力（DaViT）\n\n"
    "題目：{rows} × {cols} 的補丁網格，P = {p} 個補丁，每個 C = {c} 個通道。只數注意力本身"
    "（查詢、鍵、值的投影兩種做法都是 3C²P，不計入）。\n\n"
    "（a）補丁之間：P 個長度 C 的詞元。分數 KᵀQ 是 P·P 個長度 C 的內積，P²C；加權和再 P²C：2P²C = {spatial}。\n\n"
    "（b）通道之間：轉置過來的同一個問題，C 個長度 P 的詞元：2C²P = {channel}。\n\n"
    "（c）(a)/(b) = P/C = {ratio}。",
    "補丁比通道少，補丁之間的注意力比較省；但它隨補丁數的平方成長，通道之間的注意力對補丁數只是線性。\n",
    "通道比補丁少，通道之間的注意力比較省：它對補丁數只是線性成長，補丁之間的注意力卻隨補丁數的平方成長。\n",
    "補丁與通道一樣多，兩者一樣貴；補丁一多，補丁之間的注意力就隨平方成長，通道之間的只線性成長。\n",
    "True",
    "False",
    {"偏導數很大：z 一變，y 就大幅改變。",
     "每個偏導數都幾乎是 0：最大的輸入拿走了全部權重，softmax 飽和，梯度消失。",
     "只有對角線上的偏導數不是 0：每個 y_i 只受自己的 z_i 影響。",
     "每一列偏導數加起來是 1。"},
};

const BookWords kEnglish{
    ", ",
    "Book problem 12.1 (p. 239): how many parameters does self-attention have?\n\n"
    "Problem: N = {n} inputs of length D = {d}; the queries, keys and values are also of length D.\n\n"
    "(a) The queries, keys and values each have a D × D weight matrix and a bias of length D: 3(D² + D) = 3D² + 3D. "
    "At D = {d}: {qkv_weights} + {qkv_biases} = {qkv_params}.\n\n"
    "(b) Every output n has an attention weight a[x_m, x_n] for every input m: N² of them; at N = {n}, {attention}. "
    "They are not parameters: they are computed from the inputs.\n\n"
    "(c) A fully connected layer from all DN = {dn} inputs to all DN outputs: (DN)² weights and DN biases, (DN)² + DN = {fc_weights} + {fc_biases} = {fc_params}. "
    "Self-attention shares its parameters across the N positions, so (a) does not depend on N; the fully connected layer's count grows as N².\n",
    "Book problem 12.3 (p. 239): permuting the inputs only permutes the outputs\n\n"
    "Proof: Sa[X] = V·Softmax[KᵀQ] with Q = βq1ᵀ + ΩqX, K = βk1ᵀ + ΩkX, V = βv1ᵀ + ΩvX (equation 12.8, inputs in columns). "
    "P is a permutation matrix: PPᵀ = I and 1ᵀP = 1ᵀ. Replacing X by XP turns Q into QP, K into KP and V into VP (the bias terms: β1ᵀP = β1ᵀ). "
    "The scores (KP)ᵀ(QP) = Pᵀ(KᵀQ)P have their rows and columns permuted alike; the softmax works on each column on its own, so Softmax[PᵀSP] = PᵀSoftmax[S]P. "
    "Hence Sa[XP] = VP·PᵀSoftmax[S]P = V·Softmax[S]P = Sa[X]P. ∎\n\n"
    "Numeric check (attn permutation --seed {seed} --perm {perm}; D = 6, N = 5, Dq = 4): Sa[XP] and Sa[X]P differ only by rounding, np.allclose is {equivariant}. "
    "With the sinusoidal positional encoding E added (base 100), Sa[XP + E] against Sa[X + E]P: np.allclose is {encoded}, the largest gap in the first column {gap}. "
    "The encoding stays at its positions while the inputs move, which breaks the symmetry: that is why positional encodings exist.\n",
    "Book problem 12.4 (p. 239): the derivatives of a saturated softmax\n\n"
    "Problem: z = ({z}). y_i = exp(z_i − z_max) / Σ_j exp(z_j − z_max) with z_max = z_{top} = {zmax}:\n"
    "(a) y = ({y}) (3 significant figures).\n\n"
    "(b) ∂y_i/∂z_j = y_i(δ_ij − y_j): y_i(1 − y_i) on the diagonal, −y_i y_j elsewhere.\n",
    "  ∂y{i}/∂z = ({row})\n",
    "\nWhere floating point loses it: y_{top} = 1 − {one_minus} rounds to exactly 1 in float64, so y_{top}(1 − y_{top}) computed as written is {naive}: every digit cancels. "
    "The five outputs sum to one, so 1 − y_{top} is the sum of the other four, {one_minus}, and ∂y_{top}/∂z_{top} = {jtt}. "
    "float32 is worse: {subnormal} of the five outputs lie below float32's normal range (1.2·10⁻³⁸), the smallest y becomes {y32} (it is {y64}), and {zeros} of the 25 derivatives come out as 0; "
    "without subtracting the largest input first, exp({zmax}) overflows float32 and the softmax is inf/inf = NaN.\n",
    "\n(c) Conclusion, choice {choice}: {choice_text} No derivative exceeds {largest} in size. "
    "Almost no gradient flows back through this softmax to any input: this is why the scores must not be large, and why they are divided by √Dq.\n",
    "\nThe floating-point trap: y_{top} has not rounded to 1 here (1 − y_{top} = {one_minus}), so the product as written works too; writing 1 − y_{top} as the sum of the other outputs is the safe way, ∂y_{top}/∂z_{top} = {jtt}.\n",
    "Book problem 12.7 (p. 239): one more token with a key/value cache\n\n"
    "Problem: N = {n} tokens processed, their keys and values cached; width D = {d}, one head, queries, keys and values of length D. "
    "Counting multiplications only (biases, exponentials and the softmax's divisions are not counted).\n\n"
    "(a) Only the new token is projected: q, k, v are each a D × D matrix times one vector, 3D² = {proj}. "
    "The new row of scores: its query with the N + 1 keys (the N cached and its own), (N + 1)D = {scores}. "
    "The weighted sum of the N + 1 values: (N + 1)D = {weighting}. Total {total}. The mask keeps earlier tokens from seeing later ones, so nothing cached has to be recomputed.\n\n"
    "(b) 3D² + 2D(N + 1). Without the cache, recomputing everything for N + 1 tokens costs 3D²(N + 1) + 2D(N + 1)² = {recompute}, {times} times as much.\n",
    "Book problem 12.9 (p. 239): attention between patches or between channels (DaViT)\n\n"
    "Problem: a {rows} × {cols} grid, P = {p} patches of C = {c} channels each. Counting the attention itself "
    "(the projections of queries, keys and values cost 3C²P either way and are left out).\n\n"
    "(a) Between patches: P tokens of length C. The scores KᵀQ are P·P dot products of length C, P²C; the weighted sum another P²C: 2P²C = {spatial}.\n\n"
    "(b) Between channels: the same problem transposed, C tokens of length P: 2C²P = {channel}.\n\n"
    "(c) (a)/(b) = P/C = {ratio}. ",
    "With fewer patches than channels, attention between patches is the cheaper; but it grows as the square of the number of patches, attention between channels only linearly.\n",
    "With fewer channels than patches, attention between channels is the cheaper: it grows only linearly with the number of patches, attention between patches as its square.\n",
    "With as many patches as channels the two cost the same; with more patches, attention between patches grows as their square, attention between channels only linearly.\n",
    "True",
    "False",
    {"The derivatives are large: a change of z moves y a lot.",
     "Every derivative is practically zero: the largest input takes all the weight, the softmax saturates and the gradients vanish.",
     "Only the diagonal derivatives are non-zero: each y_i depends on its own z_i only.",
     "Each row of derivatives sums to one."},
};

const BookWords& words(render::Lang lang) { return lang == render::Lang::en ? kEnglish : kChapter; }

template <typename... Args>
std::string say(const char* text, const Args&... args) {
    return fmt::format(fmt::runtime(text), args...);
}

std::string integer(std::int64_t x) { return fmt::format("{}", x); }

std::string sf(double x, int figures = kBook12_4Figures) { return at_precision(x, Precision::significant(figures)); }

std::string b1(const Book12_1Solution& s, const BookWords& w) {
    const auto& p = s.params;
    return say(w.b1, arg("n", p.n), arg("d", p.d), arg("qkv_weights", integer(s.qkv_weights)),
               arg("qkv_biases", integer(s.qkv_biases)), arg("qkv_params", integer(s.qkv_params)),
               arg("attention", integer(s.attention_weights)), arg("dn", integer(p.d * p.n)),
               arg("fc_weights", integer(s.fc_weights)), arg("fc_biases", integer(s.fc_biases)),
               arg("fc_params", integer(s.fc_params)));
}

std::string b3(const Book12_3Solution& s, const BookWords& w) {
    std::string perm;
    for (long x : s.params.perm) perm += (perm.empty() ? "" : ",") + std::to_string(x);
    return say(w.b3, arg("seed", s.params.seed), arg("perm", perm), arg("equivariant", s.equivariant ? w.yes : w.no),
               arg("encoded", s.encoded_equivariant ? w.yes : w.no), arg("gap", sf(s.encoded_gap)));
}

std::string b4(const Book12_4Solution& s, const BookWords& w, render::Lang lang) {
    std::string z, y;
    for (std::size_t i = 0; i < 5; ++i) {
        z += (i ? w.list_sep : "") + std::to_string(s.params.z[i]);
        y += (i ? w.list_sep : "") + sf(s.y[i]);
    }
    const std::size_t top = s.top + 1;
    std::string out = say(w.b4_head, arg("z", z), arg("top", top), arg("zmax", s.params.z[s.top]), arg("y", y));
    double largest = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        std::string row;
        for (std::size_t j = 0; j < 5; ++j) {
            row += (j ? w.list_sep : "") + sf(s.jacobian[i][j]);
            largest = std::max(largest, std::fabs(s.jacobian[i][j]));
        }
        out += say(w.b4_row, arg("i", i + 1), arg("row", row));
    }
    const double jtt = s.jacobian[s.top][s.top];
    if (s.one_minus_top_naive == 0.0) {
        // The smallest output in float32 and in float64.
        std::size_t small = 0;
        for (std::size_t i = 0; i < 5; ++i) if (s.y[i] < s.y[small]) small = i;
        out += say(w.b4_trap, arg("top", top), arg("one_minus", sf(s.one_minus_top)), arg("naive", fmt::format("{}", s.jacobian_naive[s.top][s.top])),
                   arg("jtt", sf(jtt)), arg("subnormal", s.float32_subnormal_y), arg("y32", sf(s.y_float32[small])),
                   arg("y64", sf(s.y[small])), arg("zeros", s.float32_zero_entries), arg("zmax", s.params.z[s.top]));
    } else {
        out += say(w.b4_trap_mild, arg("top", top), arg("one_minus", sf(s.one_minus_top)), arg("jtt", sf(jtt)));
    }
    out += say(w.b4_end, arg("choice", s.conclusion), arg("choice_text", book12_4_choice(s.conclusion, lang)),
               arg("largest", sf(largest)));
    return out;
}

std::string b7(const Book12_7Solution& s, const BookWords& w) {
    return say(w.b7, arg("n", s.params.n), arg("d", s.params.d), arg("proj", integer(s.projections)),
               arg("scores", integer(s.scores)), arg("weighting", integer(s.weighting)), arg("total", integer(s.total)),
               arg("recompute", integer(s.recompute_all)),
               arg("times", fmt::format("{:.1f}", static_cast<double>(s.recompute_all) / static_cast<double>(s.total))));
}

std::string b9(const Book12_9Solution& s, const BookWords& w) {
    const auto& p = s.params;
    std::string out = say(w.b9, arg("rows", p.rows), arg("cols", p.cols), arg("p", s.patches), arg("c", p.channels),
                          arg("spatial", integer(s.spatial)), arg("channel", integer(s.channel)),
                          arg("ratio", at_precision(s.ratio, Precision::significant(4))));
    out += s.patches < p.channels ? w.b9_cheaper_patches : s.patches > p.channels ? w.b9_cheaper_channels : w.b9_equal;
    return out;
}

}  // namespace

const char* book12_4_choice(int number, render::Lang lang) {
    if (number < 1 || number > kBook12_4Choices) return "";
    return words(lang).choices[number - 1];
}

std::string book_solution_text(const BookSolutions& s, int problem, render::Lang lang) {
    const BookWords& w = words(lang);
    switch (problem) {
        case kBook12_1: return b1(s.b1, w);
        case kBook12_3: return b3(s.b3, w);
        case kBook12_4: return b4(s.b4, w, lang);
        case kBook12_7: return b7(s.b7, w);
        case kBook12_9: return b9(s.b9, w);
        default: break;
    }
    return "";
}

}  // namespace attn::homework
