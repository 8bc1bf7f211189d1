#pragma once
// `attn udl 12.1|12.2|12.3`: the Understanding Deep Learning notebooks 12.1 (self-attention built
// from scratch), 12.2 (multi-head self-attention) and 12.3 (tokenization, experiments/
// udl_tokenize), solved; 12.1 and 12.2 with NumPy's legacy generator
// (np.random.seed, np.random.normal) so that the defaults print the notebooks' own true values.
// Draw order (docs/udl.md):
//   12.1  seed(seed_x): x_1..x_N (D, 1) each;  seed(seed_w): Ωq, Ωk, Ωv (D, D); βq, βk, βv (D, 1).
//   12.2  seed(seed_x): X (D, N);  seed(seed_w): per head Ωq, Ωk, Ωv (D/H, D), βq, βk, βv (D/H, 1);
//         then Ωc (D, D).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "experiments/udl_tokenize.hpp"
#include "results/udl_report.hpp"

namespace attn::experiments {

inline constexpr long kUdlMaxSize = 50;   // N and D: the notebooks' sizes are 3..8

// The common wrong solutions of 12.2 that --mistake replays and --diagnose recognises (this file
// owns their names; 12.3's are udl_tokenize's).
enum class UdlMistake { none, scale_d, unscaled, softmax_rows, no_bias, no_omega_c };

using results::UdlNotebook;
// "12.1" -> nb12_1 …; throws UsageError("NOTEBOOK", …) for another name.
UdlNotebook parse_udl_notebook(const std::string& name);
using results::udl_notebook_name;   // "12.1", "12.2", "12.3"
std::vector<UdlNotebook> udl_notebooks();

struct UdlOptions {
    UdlNotebook notebook = UdlNotebook::nb12_1;
    long seed_x = 3;                 // np.random.seed for the inputs, 0..2^32-1
    long seed_w = 0;                 // np.random.seed for the weights, 0..2^32-1
    std::optional<long> n;           // positions N; unset: the notebook's (3 or 6)
    std::optional<long> d;           // width D; unset: the notebook's (4 or 8)
    std::optional<long> h;           // 12.2 heads H (divides D); unset: the notebook's 2
    UdlMistake mistake = UdlMistake::none;   // 12.2 only
    TokenizeOptions tokenize;                // 12.3 only: --text, --merges, its --mistake
};

// --mistake NAME for the options' notebook: a 12.2 name into `mistake`, a 12.3 name into
// `tokenize.mistake`; a name of the other notebook, or of none, throws UsageError("--mistake", …).
void set_udl_mistake(UdlOptions& options, const std::string& name);

std::string udl_mistake_name(UdlMistake mistake);          // "" for none
std::vector<std::string> udl_mistake_names(UdlNotebook notebook);   // --mistake's names for it
std::vector<UdlMistake> udl_mistakes();                     // the five, in --help order
std::string udl_mistake_explanation(UdlMistake mistake);    // one English sentence

void validate(const UdlOptions& options);

// The sizes a run uses: the given N, D, H or the notebook's (12.1: 3, 4 and its one head;
// 12.2: 6, 8, 2). For the run's record (JSON's "options").
struct UdlSizes {
    long n, d, h;
};
UdlSizes udl_sizes(const UdlOptions& options);
results::UdlReport run_udl(const UdlOptions& options);

// Which computation of 12.2 (with these options' seeds and sizes; options.mistake must be none)
// produced `printed`, NumPy's printed X'. Throws UsageError("--diagnose", …) for text that is not
// a (D, N) matrix.
// How NumPy prints a float64 matrix (values in C order) with these print options: given by the
// caller (src/cli/numpy_printer.hpp wraps src/print), since experiments never print.
using NumpyPrinter = std::function<std::string(const std::vector<double>& values, std::size_t rows, std::size_t cols,
                                               int precision, std::size_t edgeitems, std::size_t threshold)>;
results::UdlDiagnosis diagnose_udl(const UdlOptions& options, const std::string& printed, const NumpyPrinter& numpy_print);

}  // namespace attn::experiments
