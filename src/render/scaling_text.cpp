#include "render/scaling_text.hpp"

#include <cstdint>

#include "print/python_format.hpp"

namespace attn::render {
namespace {

// The labels between the numbers of one row, by language. The chapter defines saturation as
// "the largest of the N weights is above 0.99" and sensitivity as the largest α(1 - α).
struct Words {
    const char* max_score;       // mean over repeats of the largest |score|
    const char* unscaled;
    const char* sensitivity;
    const char* scaled;
};

constexpr Words kChapter{"｜分數最大絕對值 ", "｜未縮放：飽和比例 ", "、敏感度 ", "｜縮放後：飽和比例 "};
constexpr Words kEnglish{" | mean largest absolute score ", " | unscaled: saturation ", ", sensitivity ",
                         " | scaled by 1/√Dq: saturation "};

}  // namespace

std::string scaling_text(const results::ScalingReport& r, Lang lang) {
    using print::py_format;
    const Words& w = lang == Lang::en ? kEnglish : kChapter;
    std::string out;
    for (const auto& row : r.rows) {
        // f"Dq={Dq:3d}｜分數最大絕對值 {…:5.2f}｜未縮放：飽和比例 {…:5.1%}、敏感度 {…:.4f}"
        // f"｜縮放後：飽和比例 {…:4.1%}、敏感度 {…:.4f}"
        out += "Dq=" + py_format(static_cast<std::int64_t>(row.dq), "3d") + w.max_score +
               py_format(row.mean_max_abs_score, "5.2f") + w.unscaled +
               py_format(row.saturated_raw, "5.1%") + w.sensitivity +
               py_format(row.sensitivity_raw, ".4f") + w.scaled +
               py_format(row.saturated_scaled, "4.1%") + w.sensitivity +
               py_format(row.sensitivity_scaled, ".4f") + "\n";
    }
    return out;
}

}  // namespace attn::render
