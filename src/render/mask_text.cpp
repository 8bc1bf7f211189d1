#include "render/mask_text.hpp"

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace attn::render {
namespace {

// mask.py: the chapter's numeral for "the first k columns" (前三欄), k = P - 1; past ten, digits.
std::string columns_before(std::size_t k) {
    static const char* const numerals[] = {"一", "二", "三", "四", "五",
                                           "六", "七", "八", "九", "十"};
    return (k >= 1 && k <= 10) ? numerals[k - 1] : std::to_string(k);
}

}  // namespace

std::string mask_text(const report::MaskReport& r) {
    // mask.py keeps NumPy's default print options (precision 8, suppress False).
    const print::PrintOptions defaults;
    const std::string before = columns_before(r.position - 1);
    std::string out;
    out += "遮罩後的注意力矩陣（對角線以下全為 0）：\n";
    out += print::array_str(print::np_round(r.masked_weights.values, 3), r.masked_weights.shape,
                            defaults) + "\n";
    out += "每欄總和： " +
           print::array_str(print::np_round(r.column_sums.values, 6), r.column_sums.shape,
                            defaults) + "\n";
    // a NumPy float64 scalar prints as repr; the unmasked change goes through Python's round.
    out += "有遮罩：前" + before + "欄輸出的最大變動 " + print::py_repr(r.change_masked) + "\n";
    out += "無遮罩：前" + before + "欄輸出的最大變動 " +
           print::py_repr(print::py_round(r.change_unmasked, 4)) + "\n";
    return out;
}

}  // namespace attn::render
