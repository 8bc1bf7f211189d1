#pragma once
// A seed for np.random.default_rng(seed): a non-negative integer of any size, held the way
// NumPy's SeedSequence takes it (32-bit words, least significant first) and as its canonical
// decimal digits (for reports that echo it). Parsed once, where it enters (the CLI or a key).
// One grammar for every seed text in attn, here: ASCII digits, leading zeros allowed. Sign and
// spacing are the CLI's business (it reads Python's int() grammar, src/cli/parse_flags, then
// hands the digits here).
#include <cstdint>
#include <string>
#include <vector>

namespace attn::rng {

// A seed NumPy refuses (negative, not an integer). The message is NumPy's own wording,
// "expected non-negative integer", so callers can prefix the flag name.
struct SeedError {
    std::string message;
};

// The 32-bit entropy words of a decimal seed (the grammar above), least significant first, no
// trailing zero words (0 -> {0}; 2^32+5 -> {5, 1}): what SeedSequence takes. Throws SeedError.
std::vector<std::uint32_t> seed_words(const std::string& digits);

class Seed {
public:
    Seed() = default;                        // 0, the chapter's default_rng(0)
    explicit Seed(std::uint64_t value);

    // ASCII digits only, leading zeros allowed ("007" is 7). Anything else throws SeedError
    // with NumPy's wording ("expected non-negative integer").
    static Seed from_decimal(const std::string& digits);

    const std::vector<std::uint32_t>& words() const { return words_; }
    const std::string& decimal() const { return decimal_; }

    bool operator==(const Seed& other) const { return words_ == other.words_; }
    bool operator!=(const Seed& other) const { return !(*this == other); }

private:
    std::vector<std::uint32_t> words_{0u};
    std::string decimal_ = "0";
};

}  // namespace attn::rng
