#pragma once
// A seed for np.random.default_rng(seed): a non-negative integer of any size, held the way
// NumPy's SeedSequence takes it (32-bit words, least significant first) and as its canonical
// decimal digits (for reports that echo it). Parsed once, where it enters (the CLI or a key).
#include <cstdint>
#include <string>
#include <vector>

namespace attn::rng {

class Seed {
public:
    Seed() = default;                        // 0, the chapter's default_rng(0)
    explicit Seed(std::uint64_t value);

    // ASCII digits only, leading zeros allowed ("007" is 7). Anything else throws SeedError
    // with NumPy's wording ("expected non-negative integer"). Sign and spacing are the CLI's
    // business (it reads Python's int() grammar, then hands the digits here).
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
