#pragma once
// GPT-2's byte-level BPE, encode and decode, as GPT2Tokenizer (transformers) does it, over either
// vocabulary layout: Hugging Face's vocab.json + merges.txt or OpenAI's encoder.json + vocab.bpe
// (the same formats under two names).
//   encode: the text is split at each "<|endoftext|>" (its id between the pieces); each piece by
//           the pre-tokenising pattern (pretokenize.hpp); each chunk's UTF-8 bytes mapped to
//           characters (bytes_to_unicode: printable Latin-1 bytes to themselves, the other 68 to
//           U+0100.. in byte order) and merged pair by pair, lowest merge rank first, every
//           occurrence of that pair left to right, until no adjacent pair has a rank.
//   decode: skip_special_tokens=True drops "<|endoftext|>"'s id; the tokens' characters mapped
//           back to bytes, decoded as UTF-8 with errors="replace" (Python's maximal subparts);
//           legacy (transformers <= 4.44) also cleans up spaces before punctuation and
//           contractions.
// Files are untrusted: anything that is not such a vocabulary is refused in one line (IoError,
// exit 3); a folder holding neither layout is a UsageError (exit 2). Two flaws show only when a
// text meets them, where GPT2Tokenizer's own code raises KeyError: merges that make a token the
// vocabulary lacks (encode), a token with a character outside the byte alphabet (decode); those
// throw VocabularyKeyError, an IoError that also carries the key.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "errors.hpp"

namespace attn::gpt2 {

// KeyError: `key` (the token, or the character, the Python code looks up and does not find).
struct VocabularyKeyError : IoError {
    VocabularyKeyError(const std::string& message, std::string missing) : IoError(message), key(std::move(missing)) {}
    std::string key;
};

inline constexpr char kEndOfText[] = "<|endoftext|>";

class Tokenizer {
public:
    // From a folder with vocab.json + merges.txt (preferred) or encoder.json + vocab.bpe.
    static Tokenizer from_folder(const std::string& folder);
    // From the two files' bytes (tests, the fuzz target); names are for messages.
    static Tokenizer from_texts(const std::string& vocab_json, const std::string& merges_text,
                                const std::string& vocab_name);

    std::size_t size() const { return tokens_.size(); }   // len(encoder)
    const std::string& token(int id) const { return tokens_.at(static_cast<std::size_t>(id)); }   // vocabulary text

    // ids of a UTF-8 text (valid UTF-8; the caller checks).
    std::vector<int> encode(std::string_view text) const;
    // decode(ids, skip_special_tokens=True); legacy adds transformers <= 4.44's space clean-up.
    std::string decode(const std::vector<int>& ids, bool legacy) const;
    // decode(torch.tensor(id)): one id; the end-of-text token is "" (legacy: "<|endoftext|>").
    std::string decode_single(int id, bool legacy) const;

private:
    std::vector<std::string> bpe(const std::string& mapped_chunk) const;

    struct PairHash {
        std::size_t operator()(const std::pair<std::string, std::string>& p) const {
            return std::hash<std::string>()(p.first) * 31u ^ std::hash<std::string>()(p.second);
        }
    };
    std::unordered_map<std::string, int> ids_;
    std::vector<std::string> tokens_;
    std::unordered_map<std::pair<std::string, std::string>, int, PairHash> ranks_;
    std::string vocab_name_;
    int eot_ = 0;
    mutable std::unordered_map<std::string, std::vector<std::string>> cache_;
};

// bytes_to_unicode(): byte -> its character (a code point below U+0144).
char32_t byte_to_char(unsigned char b);
// The inverse; -1 for a code point no byte maps to.
int char_to_byte(char32_t cp);
// Python's bytes.decode("utf-8", errors="replace"): each maximal subpart of an ill-formed
// sequence becomes one U+FFFD.
std::string utf8_replace(std::string_view bytes);

}  // namespace attn::gpt2
