#pragma once
// The reader of notebook 12.3's printed output for `attn udl 12.3 --diagnose`: the last
// "Tokens: …" line of a print and the lines after it ("Number of tokens", "Vocabulary", "Size of
// vocabulary"), and the run of "Most frequent pair: (…)" lines just before it, read back from
// Python's repr of dicts, tuples and str (docs/spec/python-text.md). Plain values out; the
// verdict is the experiment's (experiments/udl_tokenize). Kept apart from the 12.2 reader
// (numpy_matrix_text).
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace attn::input {

struct PrintedCount {
    std::string key;
    long count = 0;
};

struct PrintedTokenize {
    std::vector<std::pair<std::string, std::string>> pairs;   // the "Most frequent pair" run
    bool pairs_cut = false;          // the run starts on the print's first line (it may be cut)
    std::optional<std::vector<PrintedCount>> tokens;
    std::optional<long> number_of_tokens;
    std::optional<std::vector<PrintedCount>> vocabulary;
    std::optional<long> size_of_vocabulary;
};

// Throws std::invalid_argument naming the line (1-based) that cannot be read, or saying which
// of the lines a verdict needs ("Tokens: …", "Vocabulary: …") are missing.
PrintedTokenize parse_printed_tokenize(const std::string& text);

}  // namespace attn::input
