// SeedSequence, PCG64 and the first normals against docs/spec/numpy-random.md §6 (seed 0),
// seed parsing (§1), size 0 and the -0.0 / +0.0 behaviour of §4.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "rng/numpy_generator.hpp"
#include "rng/pcg64.hpp"
#include "rng/seed_sequence.hpp"
#include "test_rng_support.hpp"

using attn::rng::NumpyGenerator;
using attn::rng::NumpyGeneratorTestAccess;
using attn::rng::SeedError;
using attn::rng::SeedSequence;
using attn::rng::seed_words;
using Words = std::vector<std::uint32_t>;

TEST_CASE("notes §6: seed 0 pool, generate_state, PCG64 state, next64, normals") {
    const SeedSequence ss(seed_words("0"));
    CHECK(ss.pool()[0] == 0xfe40eb07u);
    CHECK(ss.pool()[1] == 0x4f363a36u);
    CHECK(ss.pool()[2] == 0x4eb2009du);
    CHECK(ss.pool()[3] == 0xc89a7aa7u);

    const auto w64 = ss.generate_state_u64x4();
    CHECK(w64[0] == 0xdb2cd7e7b0f478beull);
    CHECK(w64[1] == 0xabf4641a2c71ba49ull);
    CHECK(w64[2] == 0x20c6ed6d9d7b8d41ull);
    CHECK(w64[3] == 0x2c4099de223c39d4ull);

    NumpyGenerator g("0");
    CHECK(rng_test::hex128(NumpyGeneratorTestAccess::state(g)) ==
          "1aa1b5345996452d09585eb7a69561e3");
    CHECK(rng_test::hex128(NumpyGeneratorTestAccess::inc(g)) ==
          "418ddadb3af71a82588133bc447873a9");
    CHECK(g.next_uint64() == 0xa30febcfd9c2825full);

    NumpyGenerator n("0");
    const std::vector<double> z = n.normal(0.0, 1.0, 3);
    REQUIRE(z.size() == 3);
    CHECK(rng_test::hex64(rng_test::bits(z[0])) == "3fc017ed89db8441");
    CHECK(rng_test::hex64(rng_test::bits(z[1])) == "bfc0e8cfe9bd45cc");
    CHECK(rng_test::hex64(rng_test::bits(z[2])) == "3fe47e57a468b06d");
    CHECK(z[0] == 0.1257302210933933);
    CHECK(z[1] == -0.1321048632913019);
    CHECK(z[2] == 0.6404226504432821);
}

TEST_CASE("seed_words: 32-bit words, least significant first, no trailing zeros") {
    CHECK(seed_words("0") == Words{0u});
    CHECK(seed_words("000") == Words{0u});
    CHECK_THROWS_AS(seed_words("+7"), SeedError);   // one grammar: a sign is the CLI's (parse_seed)
    CHECK(seed_words("007") == Words{7u});
    CHECK(seed_words("42") == Words{42u});
    CHECK(seed_words("4294967295") == Words{0xffffffffu});
    CHECK(seed_words("4294967296") == Words{0u, 1u});
    CHECK(seed_words("4294967301") == Words{5u, 1u});  // 2^32 + 5
    CHECK(seed_words("18446744073709551615") == Words{0xffffffffu, 0xffffffffu});
    CHECK(seed_words("18446744073709551616") == Words{0u, 0u, 1u});  // 2^64
    CHECK(seed_words("18446744073709563961") == Words{12345u, 0u, 1u});  // 2^64 + 12345
    CHECK(seed_words("340282366920938463463374607431768211455") ==
          Words{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu});  // 2^128 - 1
    CHECK(seed_words("340282366920938463463374607431768211456") ==
          Words{0u, 0u, 0u, 0u, 1u});  // 2^128
}

namespace {
// Words -> decimal by repeated division by 10 (independent of seed_words' multiply-add).
std::string to_decimal(Words w) {
    std::string digits;
    while (!(w.size() == 1 && w[0] == 0)) {
        std::uint64_t rem = 0;
        for (std::size_t i = w.size(); i-- > 0;) {
            const std::uint64_t cur = (rem << 32) | w[i];
            w[i] = static_cast<std::uint32_t>(cur / 10);
            rem = cur % 10;
        }
        digits.insert(digits.begin(), static_cast<char>('0' + rem));
        while (w.size() > 1 && w.back() == 0) w.pop_back();
    }
    return digits.empty() ? "0" : digits;
}
}  // namespace

TEST_CASE("seed_words: huge decimals round-trip") {
    std::mt19937_64 gen(20240601);
    for (int t = 0; t < 300; ++t) {
        const std::size_t len = 1 + gen() % 300;
        std::string s;
        for (std::size_t i = 0; i < len; ++i) s += static_cast<char>('0' + gen() % 10);
        const Words w = seed_words(s);
        REQUIRE(!w.empty());
        CHECK((w.size() == 1 || w.back() != 0u));
        std::string stripped = s.substr(std::min(s.find_first_not_of('0'), s.size()));
        if (stripped.empty()) stripped = "0";
        CHECK(to_decimal(w) == stripped);
    }
}

TEST_CASE("seed refusals use NumPy's wording") {
    for (const char* bad : {"-1", "", "1.5", "+-3", "abc", "-0", "+", "1e5", "0x10", " 1", "1 ",
                            "1_000", "12a", "--1", "++1", "\xd9\xa1"}) {
        INFO("seed: \"" << bad << "\"");
        try {
            NumpyGenerator g{std::string(bad)};
            FAIL("accepted");
        } catch (const SeedError& e) {
            CHECK(e.message == "expected non-negative integer");
        }
        CHECK_THROWS_AS(seed_words(bad), SeedError);
    }
}

TEST_CASE("uint64 and decimal-string seeds give the same stream") {
    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{42},
                               (std::uint64_t{1} << 32) + 5, ~std::uint64_t{0}}) {
        NumpyGenerator a(seed);
        NumpyGenerator b(std::to_string(seed));
        INFO("seed " << seed);
        for (int i = 0; i < 8; ++i) CHECK(a.next_uint64() == b.next_uint64());
    }
}

TEST_CASE("size 0 takes no draws") {
    NumpyGenerator a("42");
    NumpyGenerator b("42");
    CHECK(a.normal(3.0, 2.0, 0).empty());
    a.normal(0.0, 1.0, nullptr, 0);
    for (int i = 0; i < 4; ++i) CHECK(a.next_uint64() == b.next_uint64());
}

TEST_CASE("a call continues the stream (split calls == one call)") {
    NumpyGenerator a("1");
    NumpyGenerator b("1");
    const auto whole = a.normal(-1.5, 0.25, 1000);
    std::vector<double> parts;
    for (std::size_t n : {std::size_t{1}, std::size_t{0}, std::size_t{499}, std::size_t{500}}) {
        const auto p = b.normal(-1.5, 0.25, n);
        parts.insert(parts.end(), p.begin(), p.end());
    }
    REQUIRE(parts.size() == whole.size());
    int mismatches = 0;
    for (std::size_t i = 0; i < whole.size(); ++i) mismatches += rng_test::bits(whole[i]) != rng_test::bits(parts[i]);
    CHECK(mismatches == 0);
}

namespace {
// The state whose next PCG64 step lands on `target` (MULT is odd, so it has an inverse).
unsigned __int128 state_before(unsigned __int128 target, unsigned __int128 inc) {
    using attn::rng::pcg64::MULT;
    unsigned __int128 inv = MULT;  // Newton: each step doubles the correct low bits
    for (int i = 0; i < 7; ++i) inv *= 2 - MULT * inv;
    REQUIRE(static_cast<unsigned __int128>(inv * MULT) == 1);
    return (target - inc) * inv;
}
}  // namespace

TEST_CASE("notes §4: standard_normal may return -0.0, normal(0, 1) gives +0.0") {
    // next64 = 0x102: idx 2, sign 1, rabs 0 < ki[2], so x = -(0 * wi[2]) = -0.0.
    NumpyGenerator g("0");
    const unsigned __int128 inc = NumpyGeneratorTestAccess::inc(g);
    const unsigned __int128 s = state_before(0x102, inc);

    NumpyGeneratorTestAccess::set(g, s, inc);
    CHECK(g.next_uint64() == 0x102u);

    NumpyGeneratorTestAccess::set(g, s, inc);
    const double z = g.standard_normal();
    CHECK(z == 0.0);
    CHECK(std::signbit(z));

    NumpyGeneratorTestAccess::set(g, s, inc);
    const double n = g.normal(0.0, 1.0, 1).at(0);
    CHECK(n == 0.0);
    CHECK_FALSE(std::signbit(n));
}
