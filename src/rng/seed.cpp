#include "rng/seed.hpp"

namespace attn::rng {

// Decimal digits -> base-2^32 words, least significant first, no trailing zero words. Anything
// but one or more ASCII digits -- a sign, an empty string, spaces, '.', exponents -- is refused
// with NumPy's wording.
std::vector<std::uint32_t> seed_words(const std::string& digits) {
    if (digits.empty()) throw SeedError{"expected non-negative integer"};
    std::vector<std::uint32_t> words{0u};
    for (const char c : digits) {
        if (c < '0' || c > '9') throw SeedError{"expected non-negative integer"};
        // words = words * 10 + digit, in base 2^32.
        std::uint64_t carry = static_cast<std::uint64_t>(c - '0');
        for (std::uint32_t& w : words) {
            const std::uint64_t t = std::uint64_t{w} * 10u + carry;
            w = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        if (carry != 0) words.push_back(static_cast<std::uint32_t>(carry));
    }
    while (words.size() > 1 && words.back() == 0u) words.pop_back();
    return words;
}

Seed::Seed(std::uint64_t value) : decimal_(std::to_string(value)) {
    words_ = {static_cast<std::uint32_t>(value)};
    if ((value >> 32) != 0) words_.push_back(static_cast<std::uint32_t>(value >> 32));
}

Seed Seed::from_decimal(const std::string& digits) {
    Seed s;
    s.words_ = seed_words(digits);  // refuses every non-digit
    const std::size_t first = digits.find_first_not_of('0');
    s.decimal_ = first == std::string::npos ? "0" : digits.substr(first);
    return s;
}

}  // namespace attn::rng
