// LegacyRandomState against NumPy 1.24.2's RandomState, bit for bit (tests/data/rng_legacy,
// written by tools/gen_legacy_fixtures.py; the file layout is in that script's docstring).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "rng/legacy_random_state.hpp"
#include "test_rng_support.hpp"

using attn::rng::LegacyRandomState;
using rng_test::bits;
using rng_test::hex64;

namespace {

const std::string kDir = std::string(ATTN_SOURCE_DIR) + "/tests/data/rng_legacy/";

// The constants of tools/gen_legacy_fixtures.py.
const std::vector<std::size_t> kSizes = {1, 3, 6, 5, 16, 7, 1000};  // element counts of SIZES
constexpr std::size_t kStream = 1u << 20;
constexpr std::size_t kSampleStream = 1u << 18;
constexpr std::size_t kBlock = 1024;
constexpr std::size_t kHead = 2048;
constexpr std::size_t kHeadSmall = 1024;

struct Reader {
    std::vector<std::uint64_t> words;
    std::size_t at = 0;
    std::vector<std::uint64_t> take(std::size_t n) {
        if (at + n > words.size()) throw std::runtime_error("fixture file too short");
        std::vector<std::uint64_t> out(words.begin() + static_cast<long>(at),
                                       words.begin() + static_cast<long>(at + n));
        at += n;
        return out;
    }
};

Reader read_words(const std::string& name) {
    std::ifstream in(kDir + name, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + kDir + name);
    std::ostringstream buf;
    buf << in.rdbuf();
    const std::string bytes = buf.str();
    Reader r;
    r.words.resize(bytes.size() / 8);
    for (std::size_t i = 0; i < r.words.size(); ++i) {
        std::uint64_t w = 0;
        for (int b = 7; b >= 0; --b)   // little-endian on disk, whatever the host
            w = (w << 8) | static_cast<unsigned char>(bytes[i * 8 + static_cast<std::size_t>(b)]);
        r.words[i] = w;
    }
    if (r.words.size() * 8 != bytes.size()) throw std::runtime_error(name + ": not whole words");
    return r;
}

std::vector<std::uint64_t> block_sums(const std::vector<std::uint64_t>& patterns) {
    std::vector<std::uint64_t> sums(patterns.size() / kBlock, 0);
    for (std::size_t i = 0; i < patterns.size(); ++i)
        sums[i / kBlock] += patterns[i] * (2 * (i % kBlock) + 1);
    return sums;
}

// Compares bit patterns; reports the first mismatch only (a drifted stream would flood the log).
void check_same(const std::vector<std::uint64_t>& got, const std::vector<std::uint64_t>& want,
                const std::string& what) {
    REQUIRE(got.size() == want.size());
    std::size_t bad = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i] != want[i] && bad++ == 0)
            FAIL_CHECK(what << "[" << i << "]: got " << hex64(got[i]) << ", NumPy " << hex64(want[i]));
    }
    CHECK_MESSAGE(bad == 0, what << ": " << bad << " of " << got.size() << " differ");
}

struct SeedCase {
    std::string file;
    std::uint32_t seed;
};

std::vector<SeedCase> manifest() {
    std::ifstream in(kDir + "manifest.txt");
    if (!in) throw std::runtime_error("cannot open " + kDir + "manifest.txt");
    std::vector<SeedCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        SeedCase c;
        unsigned long long seed = 0;
        fields >> c.file >> seed;
        c.seed = static_cast<std::uint32_t>(seed);
        cases.push_back(c);
    }
    return cases;
}

}  // namespace

TEST_CASE("legacy RandomState: the fixtures cover seeds 0, 3 and 2^32-1 and 10^6 draws each") {
    std::vector<std::uint32_t> seeds;
    for (const auto& c : manifest()) seeds.push_back(c.seed);
    CHECK(seeds.size() >= 8);
    for (std::uint32_t s : {0u, 3u, 4294967295u})
        CHECK_MESSAGE(std::find(seeds.begin(), seeds.end(), s) != seeds.end(), "seed " << s);
    CHECK(kStream >= 1000000);
}

TEST_CASE("legacy RandomState matches NumPy bit for bit") {
    for (const SeedCase& c : manifest()) {
        CAPTURE(c.file);
        Reader r = read_words(c.file);
        const std::string tag = "seed " + std::to_string(c.seed) + " ";

        // A: normal(size=...) over the cycled call sizes; the cache crosses call boundaries.
        LegacyRandomState rs(c.seed);
        std::vector<std::uint64_t> stream;
        stream.reserve(kStream);
        std::vector<double> buf;
        for (std::size_t k = 0; stream.size() < kStream; ++k) {
            const std::size_t count = std::min(kSizes[k % kSizes.size()], kStream - stream.size());
            buf = rs.normal(0.0, 1.0, count);
            for (double v : buf) stream.push_back(bits(v));
        }
        check_same({stream.begin(), stream.begin() + kHead}, r.take(kHead), tag + "normal");
        check_same(block_sums(stream), r.take(kStream / kBlock), tag + "normal block sums");

        // B: random_sample doubles.
        rs.seed_with(c.seed);
        std::vector<std::uint64_t> samples(kSampleStream);
        for (auto& s : samples) s = bits(rs.random_sample());
        check_same({samples.begin(), samples.begin() + kHeadSmall}, r.take(kHeadSmall),
                   tag + "random_sample");
        check_same(block_sums(samples), r.take(kSampleStream / kBlock),
                   tag + "random_sample block sums");

        // C: raw 32-bit outputs.
        rs.seed_with(c.seed);
        std::vector<std::uint64_t> raw(kHeadSmall);
        for (auto& w : raw) w = rs.next_uint32();
        check_same(raw, r.take(kHeadSmall), tag + "raw");

        // D: reseeding forgets the cached gauss value.
        rs.seed_with(c.seed);
        rs.normal(0.0, 1.0, 1);
        rs.seed_with(c.seed);
        std::vector<std::uint64_t> again;
        for (double v : rs.normal(0.0, 1.0, 3)) again.push_back(bits(v));
        check_same(again, r.take(3), tag + "after reseed");
        CHECK(again == std::vector<std::uint64_t>(stream.begin(), stream.begin() + 3));

        // E: loc + scale * gauss with loc != 0 (FMA contraction would change about 1 in 5).
        rs.seed_with(c.seed);
        std::vector<std::uint64_t> shifted;
        for (double v : rs.normal(-3.25, 0.1, 32 * 64)) shifted.push_back(bits(v));
        for (double v : rs.normal(0.5, 2.5, kHead - 1)) shifted.push_back(bits(v));
        check_same(shifted, r.take(2 * kHead - 1), tag + "normal(loc, scale)");

        CHECK_MESSAGE(r.at == r.words.size(), c.file << ": " << r.words.size() - r.at
                                                     << " words left unread");
    }
}

TEST_CASE("legacy RandomState: seeding is init_genrand, the state NumPy shows after seed(0)") {
    // np.random.RandomState(0).get_state()[1][:4] == [0, 1, 1812433255, 1900727105]; the first
    // output of seed 0 is the well-known 2357136044 of MT19937's init_genrand(0).
    LegacyRandomState rs(0);
    CHECK(rs.next_uint32() == 2357136044u);
}

TEST_CASE("legacy RandomState: its words are the one MT19937's, std::mt19937's for the same seed") {
    for (std::uint32_t seed : {0u, 3u, 5489u, 4294967295u}) {
        LegacyRandomState state(seed);
        std::mt19937 standard(seed);
        for (int i = 0; i < 2000; ++i) REQUIRE(state.next_uint32() == standard());
    }
}
