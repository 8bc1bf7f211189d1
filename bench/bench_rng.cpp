// Google Benchmark for the NumPy-compatible generator (target bench_rng with -DATTN_BENCHMARKS=ON).
// Build: cmake -S . -B build -DATTN_BENCHMARKS=ON && cmake --build build --target bench_rng
// items_per_second is normals (or raw 64-bit outputs) per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "rng/numpy_generator.hpp"

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
// 20 and 50: short calls, as `scaling` makes many; 2000 and 2^20: long runs of the block.
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

BENCHMARK_MAIN();
