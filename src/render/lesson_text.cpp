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

std::string tensor(const report::Array& a) {
    return print::torch_tensor_str(a.values, a.shape, lesson_print_options());
}

std::string section1(const report::LessonReport& r) {
    return "== 1. 用一个矩阵乘法，让每个位置得到自己和前面所有位置的平均\n" +
           tensor(r.averaging_weights) + "\n" +
           "  第 3 个位置（'明'）的结果 = 前三个向量的平均？" + print::py_bool(r.third_is_mean) +
           "\n\n";
}

std::string section2(const report::LessonReport& r) {
    return "== 2. 点积打分：查询（q）和每个键（k）越像，分数越高\n"
           "  '光' 对每个词的分数： " + as_dict(r.words, r.scores) + "\n" +
           "  softmax 之后的权重：   " + as_dict(r.words, r.weights) + "\n" +
           "  分数放大 5 倍再 softmax： " + as_dict(r.words, r.weights_x5) + "\n\n";
}

std::string section3(const report::LessonReport& r) {
    return "== 3. 因果掩码：把后面位置的分数设成负无穷，softmax 之后权重就是 0\n" +
           tensor(r.causal_weights) + "\n\n";
}

std::string section4(const report::LessonReport& r) {
    std::string out = "== 4. 为什么要除以 √d：维度越大，点积的数值越大，softmax 会变得非常极端\n";
    for (const auto& row : r.spread) {
        out += "  d=" + print::py_format(static_cast<std::int64_t>(row.d), "5d") + "  点积的标准差 " +
               print::py_format(row.dot_std, "6.2f") + "（√d = " + print::py_format(row.sqrt_d, "5.2f") +
               "）  每行最大权重的平均：不缩放 " + print::py_format(row.max_weight_raw, ".2f") +
               "，除以 √d 后 " + print::py_format(row.max_weight_scaled, ".2f") + "\n";
    }
    return out + "\n";
}

// The last line keeps the lesson's sentence in the lesson's language but names what attn compares:
// the step-by-step head against attn's flash kernel (tiled online softmax) on the same q, k, v,
// where the lesson compares with PyTorch's fused scaled_dot_product_attention. Its figure is a
// float32 rounding artefact (below 1e-6 at T = 5).
std::string section5(const report::LessonReport& r) {
    return "== 5. 一个完整的注意力头：q、k、v 都由同一个输入经过不同的矩阵得到\n"
           "  输入 " + print::py_tuple(r.input_shape) + " → q、k、v 各 " + print::py_tuple(r.qkv_shape) +
           " → 输出 " + print::py_tuple(r.output_shape) + "\n" +
           "  和 attn 的 flash 内核（分块在线 softmax）比，最大差别 " +
           print::py_format(r.max_difference, ".1e") + "\n";
}

}  // namespace

std::string lesson_text(const report::LessonReport& r) {
    std::string out;
    for (int s : r.shown) {
        switch (s) {
            case 1: out += section1(r); break;
            case 2: out += section2(r); break;
            case 3: out += section3(r); break;
            case 4: out += section4(r); break;
            case 5: out += section5(r); break;
            default: throw std::invalid_argument("lesson_text: no section " + std::to_string(s));
        }
    }
    return out;
}

}  // namespace attn::render
