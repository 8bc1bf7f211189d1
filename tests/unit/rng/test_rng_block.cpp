// NumpyGenerator::normal (every call draws from a block that interleaved PCG64 lanes fill ahead,
// kept from call to call: rng/draw_stream.hpp) against a one-step-at-a-time PCG64 and ziggurat
// written here from docs/spec/numpy-random.md §2-§4 (NumPy's own loop, which the fixtures pin
// down). Rejections are forced at the block's edges: a tail or wedge draw on the last buffered
// value must take its extra draws from the next block, and the state after the call must be
// exactly where one serial pass would leave it.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "rng/numpy_generator.hpp"
#include "rng/pcg64.hpp"
#include "rng/ziggurat_tables.hpp"
#include "test_rng_support.hpp"

using attn::rng::NumpyGenerator;
using attn::rng::NumpyGeneratorTestAccess;
namespace pcg64 = attn::rng::pcg64;

namespace {

// The serial reference: NumPy's random_standard_normal, one PCG64 step per draw.
struct Serial {
    pcg64::u128 state, inc;
    double next_double() { return pcg64::next_double(state, inc); }
    double standard_normal() {
        namespace zig = attn::rng::ziggurat;
        for (;;) {
            const std::uint64_t r0 = pcg64::next64(state, inc);
            const unsigned idx = static_cast<unsigned>(r0 & 0xffu);
            const std::uint64_t r = r0 >> 8, rabs = (r >> 1) & 0x000fffffffffffffull;
            double x = static_cast<double>(rabs) * zig::wi[idx];
            if (r & 1u) x = -x;
            if (rabs < zig::ki[idx]) return x;
            if (idx == 0) {
                for (;;) {
                    const double xx = -zig::nor_inv_r * std::log1p(-next_double());
                    const double yy = -std::log1p(-next_double());
                    if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(zig::nor_r + xx) : zig::nor_r + xx;
                }
            }
            if ((zig::fi[idx - 1] - zig::fi[idx]) * next_double() + zig::fi[idx] < std::exp(-0.5 * x * x)) return x;
        }
    }
};

std::vector<double> serial_normals(Serial& g, double loc, double scale, std::size_t n) {
    std::vector<double> out(n);
    for (auto& v : out) {
        const double scaled = scale * g.standard_normal();
        v = loc + scaled;
    }
    return out;
}

// Counts bit-pattern mismatches between a bulk call and the serial reference from one state,
// then compares the states both leave behind (through their next raw draws).
int mismatches_from(pcg64::u128 state, pcg64::u128 inc, std::size_t n) {
    NumpyGenerator bulk("0");
    NumpyGeneratorTestAccess::set(bulk, state, inc);
    Serial serial{state, inc};
    int bad = 0;
    // one call of n, then calls of 1, 3 and 70 from the block it left: the buffered draws are
    // the next call's (the state is read, through jump-ahead, after each)
    for (std::size_t size : {n, std::size_t{1}, std::size_t{3}, std::size_t{70}}) {
        const std::vector<double> got = bulk.normal(0.5, 2.0, size);
        const std::vector<double> want = serial_normals(serial, 0.5, 2.0, size);
        for (std::size_t i = 0; i < size; ++i) bad += rng_test::bits(got[i]) != rng_test::bits(want[i]);
        bad += NumpyGeneratorTestAccess::state(bulk) != serial.state;
    }
    bad += bulk.next_uint64() != pcg64::next64(serial.state, serial.inc);
    return bad;
}

unsigned __int128 step_back(unsigned __int128 target, unsigned __int128 inc) {
    unsigned __int128 inv = pcg64::MULT;   // Newton: each step doubles the correct low bits
    for (int i = 0; i < 7; ++i) inv *= 2 - pcg64::MULT * inv;
    return (target - inc) * inv;
}

// A generator state whose draw number `k` (0-based) is the raw 64-bit value `draw`.
unsigned __int128 state_with_draw_at(std::uint64_t draw, std::size_t k, unsigned __int128 inc) {
    const std::uint64_t hi = 0x0123456789abcdefull;            // top 6 bits 0: no rotation
    unsigned __int128 s = (static_cast<unsigned __int128>(hi) << 64) | (hi ^ draw);
    for (std::size_t i = 0; i <= k; ++i) s = step_back(s, inc);
    return s;
}

}  // namespace

TEST_CASE("bulk normal(): the crafted states reach their draws (self-check of the helper)") {
    const unsigned __int128 inc = 0x2b7d1c5f3a9e4d61ull * 2 + 1;
    NumpyGenerator g("0");
    NumpyGeneratorTestAccess::set(g, state_with_draw_at(0xfeedfacecafebeefull, 300, inc), inc);
    for (int i = 0; i < 300; ++i) g.next_uint64();
    CHECK(g.next_uint64() == 0xfeedfacecafebeefull);
}

TEST_CASE("normal() after the state is set anew draws the new stream, not the old block's") {
    const unsigned __int128 inc = 0x2b7d1c5f3a9e4d61ull * 2 + 1;
    NumpyGenerator g("0");
    (void)g.normal(0.0, 1.0, 100);   // a block filled and its fast path computed
    const unsigned __int128 state = (static_cast<unsigned __int128>(0x1234) << 64) | 0x5678;
    NumpyGeneratorTestAccess::set(g, state, inc);
    Serial serial{state, inc};
    const std::vector<double> got = g.normal(0.0, 1.0, 300);
    const std::vector<double> want = serial_normals(serial, 0.0, 1.0, 300);
    int bad = 0;
    for (std::size_t i = 0; i < got.size(); ++i) bad += rng_test::bits(got[i]) != rng_test::bits(want[i]);
    CHECK(bad == 0);
}

TEST_CASE("normal() with another loc or scale in the same block: each call's own candidates") {
    NumpyGenerator g(7u), h(7u);
    Serial serial{NumpyGeneratorTestAccess::state(h), NumpyGeneratorTestAccess::inc(h)};
    int bad = 0;
    for (int call = 0; call < 40; ++call) {   // calls of 1 to 40 normals, several in each block
        // loc changes every second call, scale every call: each is compared on its own
        const int l = (call / 2) % 3;
        const double loc = l == 0 ? 0.5 : l == 1 ? 0.0 : -0.0, scale = call % 2 ? 2.0 : 1.0;
        const std::size_t n = 1 + static_cast<std::size_t>(call) % 40;
        const std::vector<double> got = g.normal(loc, scale, n);
        const std::vector<double> want = serial_normals(serial, loc, scale, n);
        for (std::size_t i = 0; i < n; ++i) bad += rng_test::bits(got[i]) != rng_test::bits(want[i]);
    }
    CHECK(bad == 0);
}

TEST_CASE("normal(), next_uint64(), next_double() and standard_normal() mixed share one stream") {
    NumpyGenerator g(11u), h(11u);
    Serial serial{NumpyGeneratorTestAccess::state(h), NumpyGeneratorTestAccess::inc(h)};
    int bad = 0;
    for (int round = 0; round < 30; ++round) {   // 30 rounds of ~90 draws: every place of a block
        const std::size_t n = 40 + static_cast<std::size_t>(round) * 3;
        const std::vector<double> got = g.normal(0.5, 2.0, n);
        const std::vector<double> want = serial_normals(serial, 0.5, 2.0, n);
        for (std::size_t i = 0; i < n; ++i) bad += rng_test::bits(got[i]) != rng_test::bits(want[i]);
        bad += g.next_uint64() != pcg64::next64(serial.state, serial.inc);
        bad += rng_test::bits(g.next_double()) != rng_test::bits(serial.next_double());
        bad += rng_test::bits(g.standard_normal()) != rng_test::bits(serial.standard_normal());
    }
    CHECK(bad == 0);
}

TEST_CASE("normal() equals the serial ziggurat over many seeds and sizes") {
    int bad = 0, calls = 0;
    for (int seed = 0; seed < 24; ++seed) {
        for (std::size_t n : {1, 5, 20, 63, 64, 65, 67, 255, 256, 257, 1000, 4099}) {
            NumpyGenerator g(static_cast<std::uint64_t>(seed) * 7919u);
            for (int skip = 0; skip < seed % 5; ++skip) g.next_uint64();
            bad += mismatches_from(NumpyGeneratorTestAccess::state(g),
                                   NumpyGeneratorTestAccess::inc(g), n);
            ++calls;
        }
    }
    INFO(calls << " calls compared");
    CHECK(bad == 0);
}

TEST_CASE("bulk normal(): tail and wedge draws at the block's edges") {
    const unsigned __int128 inc = 0x5851f42d4c957f2dull * 2 + 1;
    const std::uint64_t rabs_max = (std::uint64_t{1} << 52) - 1;   // above every ki: rejected
    // raw draw = rabs << 9 | sign << 8 | layer; layer 0 is the tail, others the wedge
    const std::uint64_t tail = (rabs_max << 9) | 0x100u;
    const std::uint64_t wedge = (rabs_max << 9) | 5u;
    const std::uint64_t wedge_top = (rabs_max << 9) | 255u;
    int bad = 0, cases = 0;
    for (std::uint64_t draw : {tail, wedge, wedge_top}) {
        for (std::size_t k : {0, 1, 62, 63, 64, 127, 252, 255, 256, 257, 511, 512}) {
            for (std::size_t n : {64, 256, 300, 600}) {
                if (k >= n) continue;
                bad += mismatches_from(state_with_draw_at(draw, k, inc), inc, n);
                ++cases;
            }
        }
    }
    INFO(cases << " crafted calls");
    CHECK(cases > 60);
    CHECK(bad == 0);
}
