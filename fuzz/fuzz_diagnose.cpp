// libFuzzer target: the `attn udl --diagnose` readers and verdicts on arbitrary text, as a
// student may paste it. The first byte picks the notebook ('3': 12.3's tokenize print, read by
// input/udl_tokenize_text; anything else: 12.2's printed X', read by input/numpy_matrix_text),
// the rest is the pasted print; the options are the notebook's defaults (seeds 3 and 0, N = 6,
// D = 8, H = 2; the rhyme and 22 merges), so the seed corpus (fuzz/corpus/diagnose, the
// reference script's prints) holds matches. Every input either gets a verdict, whose text
// renders, or a UsageError naming --diagnose with a one-line reason; any other exception,
// a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "cli/numpy_printer.hpp"
#include "errors.hpp"
#include "experiments/udl.hpp"
#include "experiments/udl_tokenize.hpp"
#include "render/udl_text.hpp"

using namespace attn;

namespace {

void check_refusal(const UsageError& e) {
    const std::string what = e.what();
    if (e.flag != "--diagnose" || what.size() <= e.flag.size() + 2) std::abort();
    if (what.find('\n') != std::string::npos) std::abort();   // one line (the CLI escapes the rest)
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool tokenize = data[0] == '3';
    const std::string printed(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        if (tokenize) {
            const experiments::TokenizeOptions options;
            const results::UdlTokenizeDiagnosis d = experiments::diagnose_tokenize(options, printed);
            if (render::udl_tokenize_diagnosis_text(d).empty()) std::abort();
        } else {
            experiments::UdlOptions options;
            options.notebook = experiments::UdlNotebook::nb12_2;
            static const experiments::NumpyPrinter numpy_print = cli::numpy_printer();
            const results::UdlDiagnosis d = experiments::diagnose_udl(options, printed, numpy_print);
            if (render::udl_diagnosis_text(d).empty()) std::abort();
        }
    } catch (const UsageError& e) {
        check_refusal(e);
    }
    return 0;
}
