#include "render/permutation_text.hpp"

#include "print/numpy_array.hpp"
#include "print/python_format.hpp"
#include "print/rounding.hpp"

namespace attn::render {

std::string permutation_text(const report::PermutationReport& r) {
    // permutation.py keeps NumPy's default print options (precision 8, suppress False).
    const print::PrintOptions defaults;
    std::string out;
    out += "打亂輸入後的輸出，是否等於原輸出跟著換欄： " + print::py_bool(r.equivariant_plain) + "\n";
    out += "加了位置編碼後，同樣的檢查： " + print::py_bool(r.equivariant_encoded) + "\n";
    out += "兩者第一欄的差距： " +
           print::array_str(print::np_round(r.first_column_gap.values, 3),
                            r.first_column_gap.shape, defaults) +
           "\n";
    return out;
}

}  // namespace attn::render
