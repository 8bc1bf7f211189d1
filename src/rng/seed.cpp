#include "rng/seed.hpp"

#include "rng/numpy_generator.hpp"

namespace attn::rng {

Seed::Seed(std::uint64_t value) : decimal_(std::to_string(value)) {
    words_ = {static_cast<std::uint32_t>(value)};
    if ((value >> 32) != 0) words_.push_back(static_cast<std::uint32_t>(value >> 32));
}

Seed Seed::from_decimal(const std::string& digits) {
    if (digits.empty() || digits[0] == '+') throw SeedError{"expected non-negative integer"};
    Seed s;
    s.words_ = seed_words(digits);  // refuses every non-digit
    const std::size_t first = digits.find_first_not_of('0');
    s.decimal_ = first == std::string::npos ? "0" : digits.substr(first);
    return s;
}

}  // namespace attn::rng
