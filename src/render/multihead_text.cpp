#include "render/multihead_text.hpp"

#include "print/python_format.hpp"

namespace attn::render {
namespace {

struct Words {
    const char* head_width;        // D // H
    const char* parameters;        // Ωq, Ωk, Ωv of every head, and Ωc
    const char* multiplications;
    const char* output_shape;
};

constexpr Words kChapter{"｜每頭維度 ", "｜投影與混合的參數 ", "｜乘法次數 ", "｜輸出形狀 "};
constexpr Words kEnglish{" | width per head ", " | projection and mixing parameters ",
                         " | multiplications ", " | output shape "};

}  // namespace

std::string multihead_text(const results::MultiheadReport& r, Lang lang) {
    const Words& w = lang == Lang::en ? kEnglish : kChapter;
    std::string out;
    for (const auto& row : r.rows) {
        // f"H={H}｜每頭維度 {D // H:2d}｜投影與混合的參數 {params}｜乘法次數 {muls}｜輸出形狀 {Y.shape}"
        out += "H=" + std::to_string(row.heads) + w.head_width +
               print::py_format(static_cast<std::int64_t>(row.head_width), "2d") + w.parameters +
               std::to_string(row.parameters) + w.multiplications +
               std::to_string(row.multiplications) + w.output_shape +
               print::py_tuple(row.output_shape) + "\n";
    }
    return out;
}

}  // namespace attn::render
