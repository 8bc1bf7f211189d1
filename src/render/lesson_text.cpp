#include "render/lesson_text.hpp"

#include <cstdint>
#include <stdexcept>

#include "print/python_format.hpp"
#include "print/rounding.hpp"
#include "print/torch_format.hpp"

namespace attn::render {
namespace {

// lesson.py: torch.set_printoptions(precision=2); everything else torch's default.
print::TorchPrintOptions lesson_print_options() {
    print::TorchPrintOptions o;
    o.precision = 2;
    return o;
}

// as_dict(v): {w: round(p, 2) for w, p in zip(WORDS, v.tolist())}
std::string as_dict(const std::vector<std::string>& words, const std::vector<double>& values) {
    std::vector<double> rounded;
    for (double v : values) rounded.push_back(print::py_round(v, 2));
    return print::py_dict_str_float(words, rounded);
}

std::string tensor(const results::Array& a) {
    return print::torch_tensor_str(a.values, a.shape, lesson_print_options());
}

// The lesson's prose by language. Its Chinese characters that are data (the tokens 床前明月光,
// printed in the dicts and in '明', '光') stay in every language; the lesson's own script is
// Simplified Chinese, kept as the lesson prints it.
struct Words {
    const char* s1_heading;
    const char* s1_third;         // then '明' and the check
    const char* s2_heading;
    const char* s2_scores;        // '光' against each word
    const char* s2_weights;
    const char* s2_weights_x5;
    const char* s3_heading;
    const char* s4_heading;
    const char* s4_std;           // then the spread of the dot products
    const char* s4_sqrt_open;     // (√d =
    const char* s4_sqrt_close;    // ) and the mean largest weight, unscaled
    const char* s4_scaled;        // divided by √d
    const char* s5_heading;
    const char* s5_input;
    const char* s5_each;
    const char* s5_output;
    const char* s5_difference;
};

constexpr Words kLesson{
    "== 1. 用一个矩阵乘法，让每个位置得到自己和前面所有位置的平均\n",
    "  第 3 个位置（'明'）的结果 = 前三个向量的平均？",
    "== 2. 点积打分：查询（q）和每个键（k）越像，分数越高\n",
    "  '光' 对每个词的分数： ",
    "  softmax 之后的权重：   ",
    "  分数放大 5 倍再 softmax： ",
    "== 3. 因果掩码：把后面位置的分数设成负无穷，softmax 之后权重就是 0\n",
    "== 4. 为什么要除以 √d：维度越大，点积的数值越大，softmax 会变得非常极端\n",
    "  点积的标准差 ",
    "（√d = ",
    "）  每行最大权重的平均：不缩放 ",
    "，除以 √d 后 ",
    "== 5. 一个完整的注意力头：q、k、v 都由同一个输入经过不同的矩阵得到\n",
    "  输入 ",
    " → q、k、v 各 ",
    " → 输出 ",
    "  和 attn 的 flash 内核（分块在线 softmax）比，最大差别 ",
};

constexpr Words kEnglish{
    "== 1. One matrix product gives every position the average of itself and all positions before it\n",
    "  Position 3 ('明'): is the result the mean of the first three vectors? ",
    "== 2. Dot-product scores: the more a query (q) resembles a key (k), the higher the score\n",
    "  Scores of '光' against each word: ",
    "  Weights after softmax: ",
    "  Scores times 5, then softmax: ",
    "== 3. Causal masking: set the scores of later positions to minus infinity, and their weights after softmax are 0\n",
    "== 4. Why divide by √d: the larger the dimension, the larger the dot products, and the more extreme softmax becomes\n",
    "  std of the dot products ",
    " (√d = ",
    ")  mean largest weight per row: unscaled ",
    ", divided by √d ",
    "== 5. A full attention head: q, k and v come from the same input through different matrices\n",
    "  Input ",
    " → q, k, v each ",
    " → output ",
    "  Largest difference from attn's flash kernel (tiled online softmax): ",
};

std::string section1(const results::LessonReport& r, const Words& w) {
    return w.s1_heading + tensor(r.averaging_weights) + "\n" + w.s1_third +
           print::py_bool(r.third_is_mean) + "\n\n";
}

std::string section2(const results::LessonReport& r, const Words& w) {
    return std::string(w.s2_heading) + w.s2_scores + as_dict(r.words, r.scores) + "\n" +
           w.s2_weights + as_dict(r.words, r.weights) + "\n" + w.s2_weights_x5 +
           as_dict(r.words, r.weights_x5) + "\n\n";
}

std::string section3(const results::LessonReport& r, const Words& w) {
    return w.s3_heading + tensor(r.causal_weights) + "\n\n";
}

std::string section4(const results::LessonReport& r, const Words& w) {
    std::string out = w.s4_heading;
    for (const auto& row : r.spread) {
        out += "  d=" + print::py_format(static_cast<std::int64_t>(row.d), "5d") + w.s4_std +
               print::py_format(row.dot_std, "6.2f") + w.s4_sqrt_open +
               print::py_format(row.sqrt_d, "5.2f") + w.s4_sqrt_close +
               print::py_format(row.max_weight_raw, ".2f") + w.s4_scaled +
               print::py_format(row.max_weight_scaled, ".2f") + "\n";
    }
    return out + "\n";
}

// The last line keeps the lesson's sentence in the lesson's language but names what attn compares:
// the step-by-step head against attn's flash kernel (tiled online softmax) on the same q, k, v,
// where the lesson compares with PyTorch's fused scaled_dot_product_attention. Its figure is a
// float32 rounding artefact (below 1e-6 at T = 5).
std::string section5(const results::LessonReport& r, const Words& w) {
    return w.s5_heading + std::string(w.s5_input) + print::py_tuple(r.input_shape) + w.s5_each +
           print::py_tuple(r.qkv_shape) + w.s5_output + print::py_tuple(r.output_shape) + "\n" +
           w.s5_difference + print::py_format(r.max_difference, ".1e") + "\n";
}

}  // namespace

std::string lesson_text(const results::LessonReport& r, Lang lang) {
    const Words& w = lang == Lang::en ? kEnglish : kLesson;
    std::string out;
    for (int s : r.shown) {
        switch (s) {
            case 1: out += section1(r, w); break;
            case 2: out += section2(r, w); break;
            case 3: out += section3(r, w); break;
            case 4: out += section4(r, w); break;
            case 5: out += section5(r, w); break;
            default: throw std::invalid_argument("lesson_text: no section " + std::to_string(s));
        }
    }
    return out;
}

}  // namespace attn::render
