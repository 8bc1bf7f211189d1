#include "render/scaling_text.hpp"

#include <cstdint>

#include "print/python_format.hpp"

namespace attn::render {

std::string scaling_text(const report::ScalingReport& r) {
    using print::py_format;
    std::string out;
    for (const auto& row : r.rows) {
        // f"Dq={Dq:3d}｜分數最大絕對值 {…:5.2f}｜未縮放：飽和比例 {…:5.1%}、敏感度 {…:.4f}"
        // f"｜縮放後：飽和比例 {…:4.1%}、敏感度 {…:.4f}"
        out += "Dq=" + py_format(static_cast<std::int64_t>(row.dq), "3d") + "｜分數最大絕對值 " +
               py_format(row.mean_max_abs_score, "5.2f") + "｜未縮放：飽和比例 " +
               py_format(row.saturated_raw, "5.1%") + "、敏感度 " +
               py_format(row.sensitivity_raw, ".4f") + "｜縮放後：飽和比例 " +
               py_format(row.saturated_scaled, "4.1%") + "、敏感度 " +
               py_format(row.sensitivity_scaled, ".4f") + "\n";
    }
    return out;
}

}  // namespace attn::render
