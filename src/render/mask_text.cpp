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

// English: "the first output", "the first three outputs", … "the first 12 outputs" (numbers up
// to ten in words, as the chapter writes them).
std::string outputs_before(std::size_t k) {
    static const char* const words[] = {"one", "two", "three", "four", "five",
                                        "six", "seven", "eight", "nine", "ten"};
    if (k == 1) return "the first output";
    return "the first " + ((k >= 1 && k <= 10) ? std::string(words[k - 1]) : std::to_string(k)) +
           " outputs";
}

std::string masked_zh(std::size_t k) { return "有遮罩：前" + columns_before(k) + "欄輸出的最大變動 "; }
std::string unmasked_zh(std::size_t k) { return "無遮罩：前" + columns_before(k) + "欄輸出的最大變動 "; }
std::string masked_en(std::size_t k) { return "Largest change in " + outputs_before(k) + ", with the mask: "; }
std::string unmasked_en(std::size_t k) {
    return "Largest change in " + outputs_before(k) + ", without the mask: ";
}

// The wording by language; the last two lines name the outputs before P (k = P - 1 of them).
struct Words {
    const char* heading;
    const char* column_sums;
    std::string (*masked)(std::size_t k);
    std::string (*unmasked)(std::size_t k);
};

const Words kChapter{"遮罩後的注意力矩陣（對角線以下全為 0）：", "每欄總和： ", masked_zh, unmasked_zh};
const Words kEnglish{"Attention matrix with causal masking (every entry below the diagonal is 0):",
                     "Column sums: ", masked_en, unmasked_en};

}  // namespace

std::string mask_text(const results::MaskReport& r, Lang lang) {
    const Words& w = lang == Lang::en ? kEnglish : kChapter;
    // mask.py keeps NumPy's default print options (precision 8, suppress False).
    const print::PrintOptions defaults;
    const std::size_t k = r.position - 1;
    std::string out;
    out += std::string(w.heading) + "\n";
    out += print::array_str(print::np_round(r.masked_weights.values, 3), r.masked_weights.shape,
                            defaults) + "\n";
    out += w.column_sums +
           print::array_str(print::np_round(r.column_sums.values, 6), r.column_sums.shape,
                            defaults) + "\n";
    // a NumPy float64 scalar prints as repr; the unmasked change goes through Python's round.
    out += w.masked(k) + print::py_repr(r.change_masked) + "\n";
    out += w.unmasked(k) + print::py_repr(print::py_round(r.change_unmasked, 4)) + "\n";
    return out;
}

}  // namespace attn::render
