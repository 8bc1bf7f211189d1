// Google Benchmark for the NumPy-compatible generator (target bench_rng with -DATTN_BENCHMARKS=ON).
// Build: cmake -S . -B build -DATTN_BENCHMARKS=ON && cmake --build build --target bench_rng
// or by hand:
//   g++ -O2 -std=c++17 -ffp-contract=off -I src bench/bench_rng.cpp src/rng/*.cpp
//       -lbenchmark -lpthread -o /tmp/bench_rng && /tmp/bench_rng
// items_per_second is normals (or raw 64-bit outputs) per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "rng/normal_simd.hpp"
#include "rng/numpy_generator.hpp"
#include "rng/pcg64.hpp"

static void BM_NormalBlock(benchmark::State& state) {
    attn::rng::NumpyGenerator g("42");
    std::vector<double> out(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        g.normal(0.5, 2.0, out.data(), out.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
// 20 and 50: below the bulk threshold (64), drawn one step at a time, as `scaling`'s small
// calls; 2000 and 2^20 through the interleaved-lane block.
BENCHMARK(BM_NormalBlock)->Arg(20)->Arg(50)->Arg(2000)->Arg(1 << 20);

static void BM_StandardNormal(benchmark::State& state) {
    attn::rng::NumpyGenerator g("0");
    for (auto _ : state) benchmark::DoNotOptimize(g.standard_normal());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StandardNormal);

static void BM_NextUint64(benchmark::State& state) {
    attn::rng::NumpyGenerator g("0");
    for (auto _ : state) benchmark::DoNotOptimize(g.next_uint64());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NextUint64);

// The two SIMD parts of a block alone, for the chosen set (ATTN_CPU): the lanes' fill of
// 256 draws, and the fast path's candidates over 256 draws; items are draws. What normal()
// adds on top of their sum is the walk over the block and the ~1.5 % refused draws.
static void BM_SimdFill(benchmark::State& state) {
    namespace pcg64 = attn::rng::pcg64;
    namespace simd = attn::rng::simd;
    const simd::Kernels* k = simd::kernels();
    if (k->fill == nullptr) {
        state.SkipWithError("this set fills with the scalar lanes");
        return;
    }
    simd::LaneStates lanes;
    pcg64::u128 s = 12345;
    const pcg64::u128 inc = 6789;
    for (std::size_t i = 0; i < simd::kLanes; ++i) {
        s = s * pcg64::MULT + inc;
        lanes.hi[i] = static_cast<std::uint64_t>(s >> 64);
        lanes.lo[i] = static_cast<std::uint64_t>(s);
    }
    const pcg64::Jump j = pcg64::jump(inc, simd::kLanes);
    alignas(64) static std::uint64_t buf[256];
    for (auto _ : state) {
        k->fill(lanes, static_cast<std::uint64_t>(j.mult >> 64), static_cast<std::uint64_t>(j.mult),
                static_cast<std::uint64_t>(j.plus >> 64), static_cast<std::uint64_t>(j.plus), buf, 256 / simd::kLanes);
        benchmark::DoNotOptimize(buf);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * 256);
}
BENCHMARK(BM_SimdFill);

static void BM_SimdCandidates(benchmark::State& state) {
    namespace pcg64 = attn::rng::pcg64;
    const attn::rng::simd::Kernels* k = attn::rng::simd::kernels();
    if (k->candidates == nullptr) {
        state.SkipWithError("the scalar set has no SIMD fast path");
        return;
    }
    alignas(64) static std::uint64_t draws[256];
    alignas(64) static double y[256];
    alignas(64) static std::uint8_t accepted[32];
    pcg64::u128 s = 12345;
    for (auto& d : draws) d = pcg64::next64(s, 6789);
    for (auto _ : state) {
        k->candidates(draws, 256, 0.5, 2.0, y, accepted);
        benchmark::DoNotOptimize(y);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * 256);
}
BENCHMARK(BM_SimdCandidates);

BENCHMARK_MAIN();
