// The generator's SIMD loops (src/rng/normal_simd.hpp), each instruction set this CPU runs,
// against the scalar definitions of docs/spec/numpy-random.md: the lanes' fill is the PCG64
// stream in order, and the fast path gives every draw's candidate bit for bit and marks exactly
// the draws the scalar test accepts. (The whole generator with the best set is
// checked against NumPy's fixtures and the serial path in test_rng_fixtures / test_rng_block;
// bench/normals_vs_numpy.sh compares long streams with NumPy for each set.)
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "cpu/cpu_features.hpp"
#include "rng/normal_simd.hpp"
#include "rng/pcg64.hpp"
#include "rng/ziggurat_tables.hpp"

namespace pcg64 = attn::rng::pcg64;
namespace simd = attn::rng::simd;

namespace {

std::uint64_t bits(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// §3 steps 1-3 for one draw: the candidate x and whether the fast path accepts it.
bool candidate(std::uint64_t r0, double& x) {
    const unsigned idx = static_cast<unsigned>(r0 & 0xffu);
    const std::uint64_t r = r0 >> 8;
    const std::uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
    x = static_cast<double>(rabs) * attn::rng::ziggurat::wi[idx];
    if (r & 1u) x = -x;
    return rabs < attn::rng::ziggurat::ki[idx];
}

std::vector<const simd::Kernels*> simd_sets() {
    std::vector<const simd::Kernels*> out;
    for (const char* name : {"avx512"}) {
        if (const simd::Kernels* k = simd::kernels_named(name)) out.push_back(k);
    }
    return out;
}

}  // namespace

TEST_CASE("SIMD fill: lane i after r steps is draw r*kLanes + i of the stream, lanes carry on") {
    int sets = 0;
    for (const simd::Kernels* k : simd_sets()) {
        INFO(k->name);
        ++sets;
        for (std::uint64_t seed : {1ull, 0x9e3779b97f4a7c15ull, ~0ull}) {
            const pcg64::u128 inc = (pcg64::u128{seed} << 65) | 1u;
            pcg64::u128 serial = (pcg64::u128{seed * 3} << 64) | pcg64::u128{seed ^ 0xabcdefull};
            pcg64::u128 s = serial;
            simd::LaneStates lanes;
            for (std::size_t i = 0; i < simd::kLanes; ++i) {
                s = s * pcg64::MULT + inc;
                lanes.hi[i] = static_cast<std::uint64_t>(s >> 64);
                lanes.lo[i] = static_cast<std::uint64_t>(s);
            }
            const pcg64::Jump step = pcg64::jump(inc, simd::kLanes);
            std::vector<std::uint64_t> out(simd::kLanes * 9);
            int bad = 0;
            for (std::size_t steps : {1u, 8u}) {   // two calls: the lanes continue the stream
                k->fill(lanes, static_cast<std::uint64_t>(step.mult >> 64), static_cast<std::uint64_t>(step.mult),
                        static_cast<std::uint64_t>(step.plus >> 64), static_cast<std::uint64_t>(step.plus), out.data(), steps);
                for (std::size_t j = 0; j < steps * simd::kLanes; ++j) bad += out[j] != pcg64::next64(serial, inc);
            }
            CHECK(bad == 0);
        }
    }
    // the AVX-512 set has its own fill, and runs wherever the CPU has AVX-512 (F, CD, BW, DQ, VL)
    CHECK(sets == (attn::cpu::hardware_level() >= attn::cpu::Level::avx512));
}

TEST_CASE("the generator's loops are the ones cpu::level() chooses (ATTN_CPU=baseline: the scalar loops)") {
    // unit_rng_scalar runs this program under ATTN_CPU=baseline: without this, an AVX-512 host
    // could run its vector loops there too and every other case would still pass.
    const bool vector = attn::cpu::level() >= attn::cpu::Level::avx512;
    INFO("level ", static_cast<int>(attn::cpu::level()), ", chosen ", simd::kernels()->name);
    CHECK(simd::kernels() == simd::kernels_named(vector ? "avx512" : "scalar"));
    CHECK(std::strcmp(simd::kernels()->name, vector ? "avx512" : "scalar") == 0);
}

TEST_CASE("SIMD fast path: every draw's candidate bit for bit, and the fast path's test as a bit") {
    for (const simd::Kernels* k : simd_sets()) {
        INFO(k->name);
        pcg64::u128 state = 12345, inc = 678901;
        std::vector<std::uint64_t> draws(200000);
        for (auto& d : draws) d = pcg64::next64(state, inc);
        for (const double loc : {0.0, 0.5, -3.0, -0.0}) {
            const double scale = loc == 0.0 ? 1.0 : 0.25;
            std::vector<double> y(draws.size());
            std::vector<std::uint8_t> accepted(draws.size() / 8);
            int bad = 0, refused = 0;
            std::size_t at = 0;
            while (at < draws.size()) {
                // uneven lengths (multiples of 8), so that calls start and end anywhere in a vector loop
                const std::size_t n = std::min<std::size_t>(draws.size() - at, 8 * (1 + (at * 7919) % 97));
                k->candidates(draws.data() + at, n, loc, scale, y.data() + at, accepted.data() + at / 8);
                at += n;
            }
            for (std::size_t j = 0; j < draws.size(); ++j) {
                double x;
                const bool ok = candidate(draws[j], x);
                const double scaled = scale * x;
                bad += bits(y[j]) != bits(loc + scaled);
                bad += ok != (((accepted[j / 8] >> (j % 8)) & 1u) != 0);
                refused += !ok;
            }
            CHECK(bad == 0);
            CHECK(refused > 1000);   // ~1 % of 2·10^5 draws leave the fast path
        }
    }
}
