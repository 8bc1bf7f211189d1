// Bit-pattern comparison with draws made by Debian's NumPy 1.24.2 (tests/data/rng, written by
// tools/gen_rng_fixtures.py; the manifest grammar is in that script's docstring).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rng/numpy_generator.hpp"
#include "rng/seed.hpp"
#include "rng/seed_sequence.hpp"
#include "test_rng_support.hpp"

using attn::rng::NumpyGenerator;
using attn::rng::NumpyGeneratorTestAccess;
using attn::rng::SeedSequence;
using rng_test::bits;
using rng_test::hex64;

namespace {

const std::string kDataDir = std::string(ATTN_SOURCE_DIR) + "/tests/data/rng/";

struct Call {
    std::string kind;   // normal | standard_normal
    double loc = 0.0, scale = 1.0;
    std::string shape;  // as written, for messages
    std::size_t count = 0;
};

struct SeedFixture {
    std::string seed;
    std::vector<std::uint32_t> words;
    std::vector<std::uint32_t> pool;
    std::vector<std::uint64_t> state64, raw;
    std::string pcg_state, pcg_inc;
    std::vector<double> doubles;
    std::string file;
    std::size_t count = 0;
    std::vector<Call> calls;
};

struct Crafted {
    std::string state, inc, kind;
    double loc = 0.0, scale = 1.0;
    std::vector<double> values;
};

double parse_double(const std::string& s) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0') throw std::runtime_error("bad float: " + s);
    return v;
}

std::uint64_t parse_u64(const std::string& s) {
    return static_cast<std::uint64_t>(rng_test::parse_hex128(s));
}

struct Manifest {
    std::vector<SeedFixture> seeds;
    std::vector<Crafted> crafted;
};

Manifest load_manifest() {
    std::ifstream in(kDataDir + "manifest.txt");
    if (!in) throw std::runtime_error("cannot open " + kDataDir + "manifest.txt");
    Manifest m;
    std::string line;
    SeedFixture* cur = nullptr;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string key;
        if (!(ls >> key) || key[0] == '#') continue;
        std::vector<std::string> tok;
        for (std::string t; ls >> t;) tok.push_back(t);
        if (key == "seed") {
            m.seeds.emplace_back();
            cur = &m.seeds.back();
            cur->seed = tok.at(0);
        } else if (key == "crafted") {
            Crafted c;
            c.state = tok.at(0);
            c.inc = tok.at(1);
            c.kind = tok.at(2);
            if (c.kind == "normal") {
                c.loc = parse_double(tok.at(3));
                c.scale = parse_double(tok.at(4));
            }
            const std::size_t n = std::stoul(tok.at(5));
            for (std::size_t i = 0; i < n; ++i) c.values.push_back(parse_double(tok.at(6 + i)));
            m.crafted.push_back(c);
        } else if (cur == nullptr) {
            throw std::runtime_error("manifest: '" + key + "' outside a seed block");
        } else if (key == "words") {
            for (auto& t : tok) cur->words.push_back(static_cast<std::uint32_t>(parse_u64(t)));
        } else if (key == "pool") {
            for (auto& t : tok) cur->pool.push_back(static_cast<std::uint32_t>(parse_u64(t)));
        } else if (key == "state64") {
            for (auto& t : tok) cur->state64.push_back(parse_u64(t));
        } else if (key == "raw") {
            for (auto& t : tok) cur->raw.push_back(parse_u64(t));
        } else if (key == "pcg") {
            cur->pcg_state = tok.at(0);
            cur->pcg_inc = tok.at(1);
        } else if (key == "doubles") {
            for (auto& t : tok) cur->doubles.push_back(parse_double(t));
        } else if (key == "file") {
            cur->file = tok.at(0);
            cur->count = std::stoul(tok.at(1));
        } else if (key == "call") {
            Call c;
            c.kind = tok.at(0);
            if (c.kind == "normal") {
                c.loc = parse_double(tok.at(1));
                c.scale = parse_double(tok.at(2));
            } else if (c.kind != "standard_normal") {
                throw std::runtime_error("manifest: unknown call kind " + c.kind);
            }
            c.shape = tok.at(3);
            c.count = std::stoul(tok.at(4));
            cur->calls.push_back(c);
        } else if (key == "end") {
            cur = nullptr;
        } else {
            throw std::runtime_error("manifest: unknown key " + key);
        }
    }
    return m;
}

// Little-endian float64 values, decoded byte by byte (independent of the host's order).
std::vector<std::uint64_t> load_bits(const std::string& name) {
    std::ifstream in(kDataDir + name, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + kDataDir + name);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), {});
    if (bytes.size() % 8 != 0) throw std::runtime_error(name + ": size not a multiple of 8");
    std::vector<std::uint64_t> out(bytes.size() / 8);
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::uint64_t v = 0;
        for (int b = 7; b >= 0; --b) v = (v << 8) | bytes[8 * i + static_cast<std::size_t>(b)];
        out[i] = v;
    }
    return out;
}

const Manifest& manifest() {
    static const Manifest m = load_manifest();
    return m;
}

}  // namespace

TEST_CASE("fixtures: the manifest covers the required seeds and sizes") {
    const Manifest& m = manifest();
    std::vector<std::string> names;
    std::size_t big = 0;
    for (const auto& s : m.seeds) {
        names.push_back(s.seed);
        if (s.count >= 100000) ++big;
    }
    for (const char* required : {"0", "1", "42", "4294967301", "18446744073709563961"}) {
        INFO("seed " << required);
        CHECK(std::find(names.begin(), names.end(), required) != names.end());
    }
    CHECK(big >= 5);
    CHECK(m.crafted.size() >= 3);
}

TEST_CASE("fixtures: SeedSequence and PCG64 intermediates match NumPy") {
    for (const auto& f : manifest().seeds) {
        INFO("seed " << f.seed);
        CHECK(attn::rng::seed_words(f.seed) == f.words);
        const SeedSequence ss(f.words);
        REQUIRE(f.pool.size() == 4);
        for (std::size_t i = 0; i < 4; ++i) CHECK(ss.pool()[i] == f.pool[i]);
        REQUIRE(f.state64.size() == 4);
        const auto w64 = ss.generate_state_u64x4();
        for (std::size_t i = 0; i < 4; ++i) CHECK(w64[i] == f.state64[i]);

        NumpyGenerator g(f.seed);
        CHECK(rng_test::hex128(NumpyGeneratorTestAccess::state(g)) == f.pcg_state);
        CHECK(rng_test::hex128(NumpyGeneratorTestAccess::inc(g)) == f.pcg_inc);
        REQUIRE(!f.raw.empty());
        for (std::uint64_t expected : f.raw) CHECK(hex64(g.next_uint64()) == hex64(expected));

        NumpyGenerator d(f.seed);
        REQUIRE(!f.doubles.empty());
        for (double expected : f.doubles) CHECK(bits(d.next_double()) == bits(expected));
    }
}

TEST_CASE("fixtures: normal draws match NumPy bit for bit") {
    std::size_t total = 0;
    for (const auto& f : manifest().seeds) {
        INFO("seed " << f.seed << " (" << f.file << ")");
        const std::vector<std::uint64_t> expected = load_bits(f.file);
        REQUIRE(expected.size() == f.count);

        NumpyGenerator g(f.seed);
        std::size_t pos = 0, mismatches = 0;
        std::string first;
        for (std::size_t c = 0; c < f.calls.size(); ++c) {
            const Call& call = f.calls[c];
            std::vector<double> got;
            if (call.kind == "normal") {
                got = g.normal(call.loc, call.scale, call.count);
            } else {
                for (std::size_t i = 0; i < call.count; ++i) got.push_back(g.standard_normal());
            }
            REQUIRE(got.size() == call.count);
            REQUIRE(pos + got.size() <= expected.size());
            for (std::size_t i = 0; i < got.size(); ++i, ++pos) {
                if (bits(got[i]) != expected[pos]) {
                    if (mismatches++ == 0) {
                        std::ostringstream os;
                        os << "first mismatch: value " << pos << " (call " << c << ": " << call.kind
                           << " shape " << call.shape << ", element " << i << "): expected "
                           << hex64(expected[pos]) << ", got " << hex64(bits(got[i]));
                        first = os.str();
                    }
                }
            }
        }
        CHECK(pos == expected.size());
        INFO(first);
        CHECK(mismatches == 0);
        total += pos;
    }
    MESSAGE("compared " << total << " NumPy draws by bit pattern");
    CHECK(total >= 500000);
}

TEST_CASE("fixtures: crafted PCG64 states (-0.0, tail, wedge) match NumPy") {
    for (const auto& c : manifest().crafted) {
        INFO("crafted state " << c.state << " " << c.kind);
        NumpyGenerator g("0");
        NumpyGeneratorTestAccess::set(g, rng_test::parse_hex128(c.state),
                                      rng_test::parse_hex128(c.inc));
        std::vector<double> got;
        if (c.kind == "normal") {
            got = g.normal(c.loc, c.scale, c.values.size());
        } else {
            for (std::size_t i = 0; i < c.values.size(); ++i) got.push_back(g.standard_normal());
        }
        for (std::size_t i = 0; i < got.size(); ++i) {
            INFO("element " << i);
            CHECK(hex64(bits(got[i])) == hex64(bits(c.values[i])));
        }
    }
}

TEST_CASE("fixtures: seeds given as uint64 (generator and rng::Seed) draw NumPy's stream") {
    // The uint64 paths split the seed into 32-bit words themselves (low word first); checked
    // here against NumPy's own words for every fixture seed that fits in 64 bits, among them
    // 2^32 + 5, whose two words tell the orders apart.
    int checked = 0;
    bool two_words = false;
    for (const auto& f : manifest().seeds) {
        if (f.seed.size() > 20 || f.words.size() > 2) continue;   // beyond uint64
        INFO("seed " << f.seed);
        const std::uint64_t value = std::stoull(f.seed);
        two_words = two_words || f.words.size() == 2;
        const attn::rng::Seed seed(value);
        CHECK(seed.words() == f.words);
        CHECK(seed.decimal() == f.seed);
        NumpyGenerator by_value(value), by_seed(seed);
        REQUIRE(!f.raw.empty());
        for (std::uint64_t expected : f.raw) {
            CHECK(hex64(by_value.next_uint64()) == hex64(expected));
            CHECK(hex64(by_seed.next_uint64()) == hex64(expected));
        }
        ++checked;
    }
    CHECK(checked >= 4);
    CHECK(two_words);
}
