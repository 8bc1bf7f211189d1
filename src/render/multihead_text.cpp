#include "render/multihead_text.hpp"

#include "print/python_format.hpp"

namespace attn::render {

std::string multihead_text(const report::MultiheadReport& r) {
    std::string out;
    for (const auto& row : r.rows) {
        // f"H={H}｜每頭維度 {D // H:2d}｜投影與混合的參數 {params}｜乘法次數 {muls}｜輸出形狀 {Y.shape}"
        out += "H=" + std::to_string(row.heads) + "｜每頭維度 " +
               print::py_format(static_cast<std::int64_t>(row.head_width), "2d") +
               "｜投影與混合的參數 " + std::to_string(row.parameters) + "｜乘法次數 " +
               std::to_string(row.multiplications) + "｜輸出形狀 " +
               print::py_tuple(row.output_shape) + "\n";
    }
    return out;
}

}  // namespace attn::render
