// rng::Seed: the seed's one parsed form (32-bit words for SeedSequence, canonical decimal).
#include <doctest/doctest.h>

#include "rng/numpy_generator.hpp"
#include "rng/seed.hpp"

using attn::rng::NumpyGenerator;
using attn::rng::Seed;
using attn::rng::SeedError;
using Words = std::vector<std::uint32_t>;

TEST_CASE("Seed::from_decimal: words least significant first, canonical decimal") {
    CHECK(Seed().words() == Words{0u});
    CHECK(Seed().decimal() == "0");
    CHECK(Seed::from_decimal("000").decimal() == "0");
    CHECK(Seed::from_decimal("007").words() == Words{7u});
    CHECK(Seed::from_decimal("007").decimal() == "7");
    CHECK(Seed::from_decimal("4294967301").words() == Words{5u, 1u});  // 2^32 + 5
    CHECK(Seed::from_decimal("18446744073709563961").words() == Words{12345u, 0u, 1u});  // 2^64 + 12345
    CHECK(Seed(4294967301ull) == Seed::from_decimal("4294967301"));
    CHECK(Seed(4294967301ull).decimal() == "4294967301");
    CHECK(Seed(7) != Seed(8));
}

TEST_CASE("Seed::from_decimal refuses everything but digits (sign and spaces are the CLI's)") {
    for (const char* bad : {"", "+5", "-1", " 5", "5 ", "1.5", "1e3", "abc", "1_0"}) {
        CAPTURE(bad);
        CHECK_THROWS_AS(Seed::from_decimal(bad), SeedError);
    }
}

TEST_CASE("NumpyGenerator(Seed) draws what NumpyGenerator(decimal text) draws") {
    for (const char* text : {"0", "42", "4294967301", "340282366920938463463374607431768211457"}) {
        CAPTURE(text);
        NumpyGenerator a{Seed::from_decimal(text)}, b{std::string(text)};
        for (int i = 0; i < 100; ++i) CHECK(a.next_uint64() == b.next_uint64());
    }
}
