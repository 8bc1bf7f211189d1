#include "homework/class/mistake_words.hpp"

#include <string_view>

namespace attn::homework {

namespace {

struct Name {
    std::string_view english;   // the hint, exactly as answer_key.cpp / book_key.cpp write it
    std::string_view chinese;
};

// The chapter's words (查詢、鍵、值、偏置、遮罩、混合矩陣; 列 a row, 欄 a column, as the
// solutions and the heatmaps' captions say them); symbols stay as the hint writes them.
constexpr Name kNames[] = {
    // The chapter's homework (answer_key.cpp).
    {"these are already divided by sqrt(Dq); (a) first asks the raw k.q", "這些已經除過 sqrt(Dq)；(a) 先問未縮放的 k.q"},
    {"scaled by Dq instead of sqrt(Dq)", "除以 Dq，而不是 sqrt(Dq)"},
    {"no 1/sqrt(Dq) scaling: these are the raw scores", "少了 1/sqrt(Dq) 縮放：這是原始分數"},
    {"no 1/sqrt(Dq) scaling: these are the weights of the raw scores k.q", "少了 1/sqrt(Dq) 縮放：這是原始分數 k.q 的權重"},
    {"scaled by 1/sqrt(Dq): (b) asks for the raw scores without scaling", "乘了 1/sqrt(Dq)：(b) 問的是不縮放的原始分數"},
    {"scaled by 1/sqrt(Dq): (c) asks for the unscaled scores", "乘了 1/sqrt(Dq)：(c) 問的是未縮放的分數"},
    {"scaled by Dq instead of sqrt(Dq): (c) asks for the unscaled scores", "除以 Dq，而不是 sqrt(Dq)：(c) 問的是未縮放的分數"},
    {"these are the weights of (b): (c) uses the longer query", "這是 (b) 的權重：(c) 用的是較長的查詢"},
    {"used alpha_2 from (b), without the 1/sqrt(Dq) scaling", "用了 (b) 的 alpha_2，少了 1/sqrt(Dq) 縮放"},
    {"scaled by 1/sqrt(Dq): (c) is unscaled", "乘了 1/sqrt(Dq)：(c) 不縮放"},
    {"softmax along the wrong axis: this normalises the rows of S; the chapter's softmax runs down each column "
     "(fixed output n, over all inputs m)",
     "softmax 的方向錯了：這是把 S 的每一列正規化；本章的 softmax 沿每一欄往下算（固定輸出 n，遍及所有輸入 m）"},
    {"masked after the softmax without renormalising: the kept weights no longer sum to 1",
     "在 softmax 之後才遮罩、沒有重新正規化：留下的權重加起來不再是 1"},
    {"forgot the mixing matrix Omega_c (D x D, applied to all N positions)", "漏了混合矩陣 Omega_c（D x D，作用在全部 N 個位置）"},
    {"every head at full width D instead of D/H", "每個頭都用了完整寬度 D，而不是 D/H"},
    {"counted only one of the two N^2 products (scoring K^T Q and weighting V A)",
     "兩個 N^2 乘積只算了一個（打分 K^T Q 與加權 V A）"},
    {"counted only one of the two N^2 products", "兩個 N^2 乘積只算了一個"},
    {"this is the growth of the N^2 terms alone; the linear terms grow less", "這只是 N^2 項的成長；線性項成長得較少"},
    {"this is the growth of the linear terms alone; the N^2 terms grow more", "這只是線性項的成長；N^2 項成長得更多"},
    {"this is the total of both parts; (d) asks for each part", "這是兩部分的總和；(d) 問的是每一部分"},
    // The book's problems (book_key.cpp).
    {"forgot the biases: each linear map has one bias per output", "漏了偏置：線性映射的每個輸出各有一個偏置"},
    {"counted one projection: queries, keys and values each have their own D x D weights and D biases",
     "只算了一個投影：查詢、鍵、值各有自己的 D x D 權重和 D 個偏置"},
    {"counted the D x D weights once: each of the three projections has its own weights as well as its own biases",
     "D x D 權重只算了一次：三個投影除了各自的偏置，也各有自己的權重"},
    {"that is the count under a causal mask; the self-attention of 12.1 is not masked",
     "這是因果遮罩下的數目；12.1 的自注意力沒有遮罩"},
    {"that counts multiplications; (b) asks for the attention weights a[x_m, x_n], one per pair of inputs",
     "這算的是乘法次數；(b) 問的是注意力權重 a[x_m, x_n]，每一對輸入一個"},
    {"one weight per input: every output has its own weights over all the inputs",
     "每個輸入只算一個權重：其實每個輸出對所有輸入都有自己的一組權重"},
    {"that is one D x D layer shared by the positions; a fully connected network joins every one of the DN inputs to "
     "every output",
     "這是各位置共用的一層 D x D；全連接網路把 DN 個輸入的每一個都連到每個輸出"},
    {"float32: the smallest outputs lie below float32's normal range and lose their digits; compute in float64 or in "
     "log space",
     "float32：最小的輸出低於 float32 的正規範圍而失去有效位數；請用 float64 或在對數空間計算"},
    {"sign of the off-diagonal terms: dy_i/dz_j = -y_i y_j for i != j (raising another input lowers y_i)",
     "非對角項的正負號：i != j 時 dy_i/dz_j = -y_i y_j（提高別的輸入會降低 y_i）"},
    {"y_i (1 - y_j) is the diagonal rule only; off the diagonal the derivative is -y_i y_j",
     "y_i (1 - y_j) 只是對角線的規則；對角線以外的導數是 -y_i y_j"},
    {"1 - y_i computed as written cancels to 0 when y_i rounds to 1: write 1 - y_i as the sum of the other outputs",
     "照字面算 1 - y_i，在 y_i 捨入成 1 時會抵消成 0：把 1 - y_i 寫成其他輸出的和"},
    {"only the diagonal: the off-diagonal derivatives -y_i y_j are tiny but not 0",
     "只算了對角線：非對角的導數 -y_i y_j 很小，但不是 0"},
    {"float32: products of two small outputs underflow to 0 and the smallest outputs lose their digits; compute in "
     "float64, with 1 - y_i as the sum of the others, or in log space",
     "float32：兩個小輸出的乘積下溢成 0，最小的輸出失去有效位數；請用 float64（1 - y_i 寫成其他輸出的和）或在對數空間計算"},
    {"the largest derivative is far below one: a change of z moves y by almost nothing", "最大的導數遠小於 1：z 改變時 y 幾乎不動"},
    {"the off-diagonal derivatives -y_i y_j are not 0: each output depends on every input",
     "非對角的導數 -y_i y_j 不是 0：每個輸出都依賴每個輸入"},
    {"each row of derivatives sums to zero, not one, since the outputs always sum to one",
     "每一列導數的和是 0，不是 1，因為輸出的和永遠是 1"},
    {"recomputed all the rows: with the keys and values cached, only the new token's row is new",
     "把每一列都重算了：鍵和值已經快取，只有新詞元那一列是新的"},
    {"left out the new token's own key and value: its query attends to N + 1 positions, itself included",
     "漏了新詞元自己的鍵和值：它的查詢看 N + 1 個位置，包括自己"},
    {"projected the cached tokens again: their keys and values are in the cache", "又投影了一次已快取的詞元：它們的鍵和值已在快取中"},
    {"the key and value of the new token are needed too (for its own position and for later tokens)",
     "新詞元的鍵和值也要算（給它自己的位置，也給之後的詞元）"},
    {"swapped the two: between patches there are P x P scores over C channels each",
     "兩者對調了：區塊之間是 P x P 個分數，每個遍及 C 個通道"},
    {"counted the scores only: the weighted sum of the values costs as many multiplications again",
     "只算了分數：值的加權和還要再花同樣多的乘法"},
    {"swapped the two: between channels there are C x C scores over P patches each",
     "兩者對調了：通道之間是 C x C 個分數，每個遍及 P 個區塊"},
    {"this is (b) divided by (a); the question asks (a) over (b)", "這是 (b) 除以 (a)；題目問的是 (a) 除以 (b)"},
};

}  // namespace

std::optional<std::string> chinese_mistake_name(const std::string& hint) {
    for (const Name& n : kNames) {
        if (n.english == hint) return std::string(n.chinese);
    }
    return std::nullopt;
}

std::string mistake_name(const std::string& hint, render::Lang lang) {
    if (lang == render::Lang::en) return hint;
    return chinese_mistake_name(hint).value_or(hint);
}

}  // namespace attn::homework
