#include "cli/numpy_printer.hpp"

#include "print/numpy_array.hpp"

namespace attn::cli {

experiments::NumpyPrinter numpy_printer() {
    return [](const std::vector<double>& values, std::size_t rows, std::size_t cols, int precision,
              std::size_t edgeitems, std::size_t threshold) {
        print::PrintOptions p;
        p.precision = precision;
        p.edgeitems = edgeitems;
        p.threshold = threshold;
        return print::array_str(values, {rows, cols}, p);
    };
}

}  // namespace attn::cli
