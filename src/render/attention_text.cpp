#include "render/attention_text.hpp"

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace attn::render {
namespace {

// The wording of each line, by language; the numbers between them are the same in both.
struct Words {
    const char* matrix;           // heading of A
    const char* column_sums;
    const char* row_sums;
    const char* scores_before;    // 第 3 欄的分數： / Scores in column 3:
    const char* scores_after;
    const char* weights_before;
    const char* weights_after;
    const char* input_shape;
    const char* output_shape;
};

constexpr Words kChapter{
    "注意力矩陣 A（欄＝輸出位置，列＝輸入位置）：", "每欄總和： ", "每列總和： ",
    "第 ", " 欄的分數： ", "第 ", " 欄的權重： ", "輸入形狀 ", " 輸出形狀 "};

constexpr Words kEnglish{
    "Attention matrix A (columns = output positions, rows = input positions):",
    "Column sums: ", "Row sums: ",
    "Scores in column ", ": ",
    "Attention weights in column ", ": ",
    "Input shape ", ", output shape "};

}  // namespace

std::string attention_text(const results::AttentionReport& r, Lang lang) {
    const Words& w = lang == Lang::en ? kEnglish : kChapter;
    // attention.py: np.set_printoptions(precision=3, suppress=True)
    print::PrintOptions opts;
    opts.precision = 3;
    opts.suppress = true;
    const auto array = [&](const results::Array& a) { return print::array_str(a.values, a.shape, opts); };
    const auto rounded = [&](const results::Array& a, int decimals) {
        return print::array_str(print::np_round(a.values, decimals), a.shape, opts);
    };
    const std::string c = std::to_string(r.column);
    std::string out;
    out += std::string(w.matrix) + "\n" + array(r.weights) + "\n";
    out += w.column_sums + rounded(r.column_sums, 6) + "\n";
    out += w.row_sums + rounded(r.row_sums, 3) + "\n";
    out += w.scores_before + c + w.scores_after + rounded(r.column_scores, 3) + "\n";
    out += w.weights_before + c + w.weights_after + rounded(r.column_weights, 3) + "\n";
    out += w.input_shape + print::py_tuple(r.input_shape) + w.output_shape +
           print::py_tuple(r.output_shape) + "\n";
    return out;
}

}  // namespace attn::render
