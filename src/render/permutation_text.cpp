#include "render/permutation_text.hpp"

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace attn::render {
namespace {

struct Words {
    const char* plain;      // SA[X P] == SA[X] P ?
    const char* encoded;    // the same with the positional encoding added
    const char* gap;        // |difference| of the first output column
};

constexpr Words kChapter{"打亂輸入後的輸出，是否等於原輸出跟著換欄： ", "加了位置編碼後，同樣的檢查： ",
                         "兩者第一欄的差距： "};
constexpr Words kEnglish{"Permuting the input columns permutes the output columns the same way: ",
                         "The same check with positional encoding added: ",
                         "Absolute difference between the two in the first column: "};

}  // namespace

std::string permutation_text(const results::PermutationReport& r, Lang lang) {
    const Words& w = lang == Lang::en ? kEnglish : kChapter;
    // permutation.py keeps NumPy's default print options (precision 8, suppress False).
    const print::PrintOptions defaults;
    std::string out;
    out += w.plain + print::py_bool(r.equivariant_plain) + "\n";
    out += w.encoded + print::py_bool(r.equivariant_encoded) + "\n";
    out += w.gap +
           print::array_str(print::np_round(r.first_column_gap.values, 3),
                            r.first_column_gap.shape, defaults) +
           "\n";
    return out;
}

}  // namespace attn::render
