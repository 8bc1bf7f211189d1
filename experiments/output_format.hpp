#pragma once
// How a report is printed, which the memory model (experiments/checks.hpp) must know: the text
// summarises any array over 1000 elements (NumPy's and torch's threshold), so it is a few kB
// whatever the sizes; JSON writes every number of the report whole, at full precision, into one
// string (src/render/json/).
namespace attn::experiments {

enum class OutputFormat { text, json };

}  // namespace attn::experiments
