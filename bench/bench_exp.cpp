// Google Benchmark for np.exp (src/core/numpy_exp.hpp): glibc's exp against SVML's 8-lane loop
// and its scalar definition, on softmax-like arguments (S - max: [-30, 0], a few -inf for the
// masked entries). Target bench_exp with -DATTN_BENCHMARKS=ON; items_per_second is exps per second.
#include <benchmark/benchmark.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/numpy_exp.hpp"

namespace {

// low: the most negative argument; -30 as at the defaults, -2400 as attention --d 512 --n 4000
// (8 % below -745.13, 2 % in the band the scalar path computes).
std::vector<double> softmax_arguments(std::size_t n, double low = -30.0) {
    std::vector<double> x(n);
    std::uint64_t s = 0x9e3779b97f4a7c15ULL;
    for (std::size_t i = 0; i < n; ++i) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        x[i] = i % 97 == 0 ? -std::numeric_limits<double>::infinity()
                           : low * static_cast<double>(s >> 11) * 0x1p-53;
    }
    return x;
}

void BM_GlibcExp(benchmark::State& state) {
    const std::vector<double> x = softmax_arguments(static_cast<std::size_t>(state.range(0)));
    std::vector<double> y(x.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < x.size(); ++i) y[i] = std::exp(x[i]);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

// numpy_exp: the kernel this CPU picks (ATTN_CPU=baseline gives glibc's), on arguments down to `low`.
void numpy_exp_loop(benchmark::State& state, double low) {
    const std::vector<double> x = softmax_arguments(static_cast<std::size_t>(state.range(0)), low);
    std::vector<double> y(x.size());
    state.SetLabel(attn::core::numpy_exp_kernel());
    for (auto _ : state) {
        attn::core::numpy_exp(x.data(), y.data(), x.size());
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_NumpyExp(benchmark::State& state) { numpy_exp_loop(state, -30.0); }
void BM_NumpyExpWide(benchmark::State& state) { numpy_exp_loop(state, -2400.0); }

void BM_SvmlScalar(benchmark::State& state) {   // the portable definition, one lane at a time
    const std::vector<double> x = softmax_arguments(static_cast<std::size_t>(state.range(0)));
    std::vector<double> y(x.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < x.size(); ++i) y[i] = attn::core::svml_exp_scalar(x[i]);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

// 4000: one row of attention --n 4000; 2^20 beyond the L2 cache.
BENCHMARK(BM_GlibcExp)->Arg(4000)->Arg(1 << 20);
BENCHMARK(BM_NumpyExp)->Arg(4000)->Arg(1 << 20);
BENCHMARK(BM_NumpyExpWide)->Arg(4000);
BENCHMARK(BM_SvmlScalar)->Arg(4000);
BENCHMARK_MAIN();
