#pragma once
// `attn udl 12.3`: notebook 12.3 (Tokenization), byte-pair encoding of the sailor rhyme of the
// chapter's figure 12.8 or of --text, as the solved notebook computes it (core/bpe), and the
// common wrong tokenize()s that --mistake replays. This file owns 12.3's mistake names.
#include <optional>
#include <string>
#include <vector>

#include "results/udl_report.hpp"

namespace attn::experiments {

inline constexpr long kTokenizeMaxMerges = 10000;        // the reference's 0..10000
inline constexpr long kTokenizeMaxTextBytes = 100000;    // --text, in UTF-8 bytes
inline constexpr long kTokenizeDefaultMerges = 22;       // the notebook's tokenize(text, 22)
// The rhyme of figure 12.8, as the notebook types it.
inline constexpr const char* kSailorRhyme =
    "a sailor went to sea sea sea to see what he could see see see but all that he could see see "
    "see was the bottom of the deep blue sea sea sea";

enum class TokenizeMistake { none, stale_tokens, pairs_once, sorted_ties, last_tie };

struct TokenizeOptions {
    std::optional<std::string> text;   // unset: the rhyme
    std::optional<long> merges;        // unset: 22
    TokenizeMistake mistake = TokenizeMistake::none;
};

// The names --mistake takes for 12.3, in --help order; "" for none. nullopt: not a 12.3 name.
std::vector<TokenizeMistake> tokenize_mistakes();
std::string tokenize_mistake_name(TokenizeMistake mistake);
std::optional<TokenizeMistake> find_tokenize_mistake(const std::string& name);
std::string tokenize_mistake_explanation(TokenizeMistake mistake);   // one English sentence

// Ranges and text (size, UTF-8, no backslash, a word), before any memory is taken.
void validate_tokenize(const TokenizeOptions& options);
// The notebook's cells. Throws UsageError when the text has no pair to merge by hand or allows
// fewer merges than asked (the notebook's max() of an empty dict), before anything is printed.
results::Udl123 run_tokenize(const TokenizeOptions& options);

// `attn udl 12.3 --diagnose`: which tokenize() (right, or a mistake) printed `printed` with
// these options' text and merges (options.mistake must be none). Throws UsageError("--diagnose",
// …) when the print lacks the lines a verdict needs.
results::UdlTokenizeDiagnosis diagnose_tokenize(const TokenizeOptions& options, const std::string& printed);

}  // namespace attn::experiments
