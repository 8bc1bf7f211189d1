#include "render/attention_text.hpp"

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace attn::render {

std::string attention_text(const report::AttentionReport& r) {
    // attention.py: np.set_printoptions(precision=3, suppress=True)
    print::PrintOptions opts;
    opts.precision = 3;
    opts.suppress = true;
    const auto array = [&](const report::Array& a) { return print::array_str(a.values, a.shape, opts); };
    const auto rounded = [&](const report::Array& a, int decimals) {
        return print::array_str(print::np_round(a.values, decimals), a.shape, opts);
    };
    const std::string c = std::to_string(r.column);
    std::string out;
    out += "注意力矩陣 A（欄＝輸出位置，列＝輸入位置）：\n" + array(r.weights) + "\n";
    out += "每欄總和： " + rounded(r.column_sums, 6) + "\n";
    out += "每列總和： " + rounded(r.row_sums, 3) + "\n";
    out += "第 " + c + " 欄的分數： " + rounded(r.column_scores, 3) + "\n";
    out += "第 " + c + " 欄的權重： " + rounded(r.column_weights, 3) + "\n";
    out += "輸入形狀 " + print::py_tuple(r.input_shape) + " 輸出形狀 " +
           print::py_tuple(r.output_shape) + "\n";
    return out;
}

}  // namespace attn::render
