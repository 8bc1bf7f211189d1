#pragma once
// PyTorch 1.13's printing of what the companion lesson shows (torch/_tensor_str.py), and the
// Python containers around it: str(tensor) for a float32 CPU tensor without grad, repr(str) and a
// dict of str -> float. Pure text; no core, no torch. Values are float32 numbers widened to
// double (what Tensor.tolist() / .item() hand to Python's format()).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::print {

// torch.set_printoptions(...) fields that matter for float tensors (torch's defaults).
struct TorchPrintOptions {
    int precision = 4;
    std::size_t threshold = 1000;    // summarise when numel > threshold
    std::size_t edgeitems = 3;
    int linewidth = 80;
    std::optional<bool> sci_mode;    // None: torch decides from the values
};

// str(t) of a float32 tensor of the given shape (values in C order). _Formatter first looks at
// every nonzero finite value (int mode when all are integers; scientific when max/min > 1000,
// max > 1e8 or, outside int mode, min < 1e-4) and fixes one width; then the nested-bracket
// recursion right-aligns each value in it. Shape {} is a 0-d tensor: "tensor(0.12)".
std::string torch_tensor_str(const std::vector<double>& values,
                             const std::vector<std::size_t>& shape,
                             const TorchPrintOptions& options = {});

// repr(s) of a Python str: print/python_str_repr.hpp.

// str(dict) for str keys and float values: {'床': 0.12, '前': 0.0}. Values are printed with
// repr(float); round them first (py_round) when the Python code does. A repeated key keeps its
// first place and the last value, as Python's dict does.
std::string py_dict_str_float(const std::vector<std::string>& keys,
                              const std::vector<double>& values);

}  // namespace attn::print
