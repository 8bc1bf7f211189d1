#pragma once
// What the udl tests share: `--diagnose` run with NumPy's own print rules as the printer (the
// CLI passes the same function), so a test states only the options and the printed text.
#include <cstddef>
#include <string>
#include <vector>

#include "experiments/udl.hpp"
#include "print/numpy_array.hpp"

namespace attn::test {

inline results::UdlDiagnosis diagnose_printed(const experiments::UdlOptions& o, const std::string& printed) {
    return experiments::diagnose_udl(o, printed, [](const std::vector<double>& v, std::size_t rows, std::size_t cols,
                                                    int precision, std::size_t edgeitems, std::size_t threshold) {
        print::PrintOptions p;
        p.precision = precision;
        p.edgeitems = edgeitems;
        p.threshold = threshold;
        return print::array_str(v, {rows, cols}, p);
    });
}

}  // namespace attn::test
