// The attention kernels of `attn cost` (src/core/kernels/): they agree with one another and with
// a double-precision head; their memory accounting counts what they allocate; their
// multiplication counts match the closed forms (the chapter's 2N²D and projection terms).
// Not timed: speed is measured by `attn cost` and bench/, recorded in docs/performance.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/kernels/dispatch.hpp"
#include "core/kernels/kernels.hpp"

using namespace attn::kernels;

namespace {

constexpr Kernel kAll[] = {Kernel::naive, Kernel::flash, Kernel::kv_cache, Kernel::recompute};

// Tolerances, float32 against double: q, k, v are rounded to float32 (relative 6e-8 each), the
// scores carry |s| <= ~10 (absolute ~1e-6 after summing 8 products), exp turns an absolute score
// error into a relative weight error of the same size, and the output is a weighted mean of v
// (|v| < 3 here). So outputs lie within ~3e-6 of the exact head; kernels sharing the float32
// projections agree far closer (1e-6).
constexpr double kToExact = 1e-5;
constexpr double kBetweenKernels = 1e-6;

struct Inputs {
    std::size_t t, d_model;
    std::vector<float> x, wq, wk, wv;
    Head head() const { return {x.data(), t, d_model, wq.data(), wk.data(), wv.data()}; }
};

// The lesson's shapes and scales: x ~ N(0, 1), W ~ N(0, 1) / sqrt(d_model).
Inputs make_inputs(std::size_t t, std::size_t d_model, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<float> n(0.0f, 1.0f);
    Inputs in{t, d_model, {}, {}, {}, {}};
    for (std::size_t i = 0; i < t * d_model; ++i) in.x.push_back(n(gen));
    const float s = 1.0f / std::sqrt(static_cast<float>(d_model));
    for (auto* w : {&in.wq, &in.wk, &in.wv}) {
        for (std::size_t i = 0; i < d_model * kHead; ++i) w->push_back(n(gen) * s);
    }
    return in;
}

// The head in double, straight from the definition: softmax(q kᵀ / sqrt(8), causal) v.
std::vector<double> exact_head(const Inputs& in, bool causal) {
    const std::size_t t = in.t, dm = in.d_model;
    std::vector<double> q(t * kHead), k(t * kHead), v(t * kHead), out(t * kHead, 0.0);
    for (std::size_t i = 0; i < t; ++i) {
        for (std::size_t c = 0; c < kHead; ++c) {
            double a = 0, b = 0, e = 0;
            for (std::size_t m = 0; m < dm; ++m) {
                a += double(in.x[i * dm + m]) * in.wq[m * kHead + c];
                b += double(in.x[i * dm + m]) * in.wk[m * kHead + c];
                e += double(in.x[i * dm + m]) * in.wv[m * kHead + c];
            }
            q[i * kHead + c] = a;
            k[i * kHead + c] = b;
            v[i * kHead + c] = e;
        }
    }
    for (std::size_t i = 0; i < t; ++i) {
        const std::size_t n = causal ? i + 1 : t;
        std::vector<double> s(n);
        for (std::size_t j = 0; j < n; ++j) {
            double d = 0;
            for (std::size_t c = 0; c < kHead; ++c) d += q[i * kHead + c] * k[j * kHead + c];
            s[j] = d / std::sqrt(8.0);
        }
        const double mx = *std::max_element(s.begin(), s.end());
        double sum = 0;
        for (double& x : s) sum += (x = std::exp(x - mx));
        for (std::size_t j = 0; j < n; ++j) {
            for (std::size_t c = 0; c < kHead; ++c) out[i * kHead + c] += s[j] / sum * v[j * kHead + c];
        }
    }
    return out;
}

double max_diff(const Buffer& a, const std::vector<double>& b) {
    double d = 0;
    for (std::size_t i = 0; i < b.size(); ++i) d = std::max(d, std::fabs(double(a[i]) - b[i]));
    return d;
}

double max_diff(const Buffer& a, const Buffer& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::fabs(double(a[i]) - double(b[i])));
    return d;
}

std::uint64_t u(std::size_t x) { return static_cast<std::uint64_t>(x); }

}  // namespace

TEST_CASE("every kernel matches the double-precision head within 1e-5") {
    // T crosses the SIMD widths (4, 8, 16) and the tile (128): partial chunks, several tiles.
    for (std::size_t t : {1u, 2u, 5u, 17u, 128u, 129u, 300u}) {
        const Inputs in = make_inputs(t, 16, 100 + static_cast<unsigned>(t));
        const auto want = exact_head(in, true);
        for (Kernel k : kAll) {
            CAPTURE(t);
            CAPTURE(std::string(kernel_name(k)));
            Meter meter;
            const Result r = run(k, in.head(), meter, Settings{1, true, {}});
            REQUIRE(r.out.size() == t * kHead);
            CHECK(max_diff(r.out, want) < kToExact);
        }
    }
}

TEST_CASE("kernels agree with one another within 1e-6, causal and (naive, flash) unmasked") {
    const Inputs in = make_inputs(421, 16, 7);
    Meter m0;
    const Result flash = run(Kernel::flash, in.head(), m0, Settings{1, true, {}});
    for (Kernel k : {Kernel::naive, Kernel::kv_cache, Kernel::recompute}) {
        CAPTURE(std::string(kernel_name(k)));
        Meter m;
        CHECK(max_diff(run(k, in.head(), m, Settings{1, true, {}}).out, flash.out) < kBetweenKernels);
    }
    Meter m1, m2;
    const Result a = run(Kernel::flash, in.head(), m1, Settings{1, false, {}});
    const Result b = run(Kernel::naive, in.head(), m2, Settings{1, false, {}});
    CHECK(max_diff(a.out, b.out) < kBetweenKernels);
    CHECK(max_diff(a.out, exact_head(in, false)) < kToExact);
}

TEST_CASE("causal: position 0 attends to itself only, so its output is its own value row") {
    const Inputs in = make_inputs(40, 16, 3);
    const auto want = exact_head(in, true);
    for (Kernel k : kAll) {
        Meter m;
        const Result r = run(k, in.head(), m);
        for (std::size_t c = 0; c < kHead; ++c) CHECK(std::fabs(r.out[c] - want[c]) < 1e-6);
    }
}

TEST_CASE("--threads splits rows only: naive and flash give the same bits with 1 and 3 threads") {
    const Inputs in = make_inputs(1000, 16, 11);
    for (Kernel k : {Kernel::naive, Kernel::flash}) {
        Meter m1, m3;
        const Result one = run(k, in.head(), m1, Settings{1, true, {}});
        const Result three = run(k, in.head(), m3, Settings{3, true, {}});
        CHECK(std::equal(one.out.data(), one.out.data() + one.out.size(), three.out.data()));
        CHECK(one.multiplications == three.multiplications);
    }
}

TEST_CASE("multiplication counts are the products' sizes: naive 3·T·d_model·d_head + 2T²·d_head") {
    for (std::size_t t : {1u, 9u, 200u}) {
        for (std::size_t dm : {8u, 16u}) {
            const Inputs in = make_inputs(t, dm, 5);
            const std::uint64_t T = t, D = dm, Dh = kHead;
            const std::uint64_t projections = 3 * T * D * Dh;
            const std::uint64_t kept_pairs = T * (T + 1) / 2;   // causal: key j <= query i
            Meter a, b, c, d;
            CHECK(run(Kernel::naive, in.head(), a).multiplications == projections + 2 * T * T * Dh);
            CHECK(run(Kernel::flash, in.head(), b).multiplications == projections + 2 * kept_pairs * Dh);
            CHECK(run(Kernel::kv_cache, in.head(), c).multiplications == projections + 2 * kept_pairs * Dh);
            std::uint64_t again = 0;   // recompute: the whole causal head on every prefix 1..T
            for (std::uint64_t n = 1; n <= T; ++n) again += 3 * n * D * Dh + n * (n + 1) * Dh;
            CHECK(run(Kernel::recompute, in.head(), d).multiplications == again);
            if (dm == kHead) {
                // The chapter's 4D²N + 2N²D (one head, D = d_model = d_head) less its Ωc mix D²N:
                // the naive head runs exactly the projection, scoring and weighting products.
                CHECK(run(Kernel::naive, in.head(), a).multiplications == 4 * D * D * T + 2 * T * T * D - D * D * T);
            }
        }
    }
}

TEST_CASE("ticks inside a run: flash, kv-cache and recompute tell their multiplications as they go, naive never; "
          "the same output either way") {
    const Inputs in = make_inputs(200, 16, 7);
    for (Kernel k : kKernels) {
        for (unsigned threads : {1u, 3u}) {
            if (threads > 1 && (k == Kernel::kv_cache || k == Kernel::recompute)) continue;   // sequential
            CAPTURE(std::string(kernel_name(k)));
            CAPTURE(threads);
            Settings plain;
            plain.threads = threads;
            Meter m0, m1;
            const Result want = run(k, in.head(), m0, plain);
            std::atomic<std::uint64_t> ticked{0};
            std::atomic<int> calls{0};
            Settings ticking = plain;
            ticking.ticks.tick_every = want.multiplications / 50;
            ticking.ticks.tick = [&](std::uint64_t n) {
                CHECK(n >= ticking.ticks.tick_every);
                ticked += n;
                ++calls;
            };
            const Result got = run(k, in.head(), m1, ticking);
            CHECK(got.multiplications == want.multiplications);
            CHECK(std::equal(got.out.data(), got.out.data() + got.out.size(), want.out.data()));
            if (k == Kernel::naive) {
                CHECK(calls == 0);
                continue;
            }
            // What is ticked: the run's work but the projections (flash, kv-cache) and each
            // thread's last part under tick_every.
            const std::uint64_t projections = 3 * 200 * 16 * kHead;
            CHECK(ticked <= want.multiplications);
            CHECK(ticked + (k == Kernel::recompute ? 0 : projections) + threads * ticking.ticks.tick_every >=
                  want.multiplications);
            CHECK(calls >= 30);   // about 40 for the 4/5 of the work that is ticked, 1/50 each
        }
    }
}

TEST_CASE("the Meter counts live and peak bytes of every Buffer, in whole cache lines") {
    Meter m;
    {
        Buffer a(m, 16);   // 64 bytes
        CHECK(m.live() == 64);
        {
            Buffer b(m, 17);   // 68 bytes -> 128
            CHECK(m.live() == 192);
        }
        CHECK(m.live() == 64);
        Buffer c(m, 1);
        Buffer moved = std::move(c);
        CHECK(m.live() == 128);
        CHECK(reinterpret_cast<std::uintptr_t>(moved.data()) % 64 == 0);
    }
    CHECK(m.live() == 0);
    CHECK(m.peak() == 192);
}

TEST_CASE("peak memory is what each kernel allocates: naive holds T×T, flash O(T)") {
    const std::size_t t = 1000, dm = 16, stride = padded(t);
    const Inputs in = make_inputs(t, dm, 2);
    auto lines = [](std::size_t floats) { return u((floats * 4 + 63) / 64 * 64); };
    const std::uint64_t common = lines(dm * kPack) + lines(t * kHead) + 2 * lines(kHead * stride) + lines(t * kHead);
    Meter naive_meter, flash_meter, cache_meter;
    run(Kernel::naive, in.head(), naive_meter);
    run(Kernel::flash, in.head(), flash_meter);
    run(Kernel::kv_cache, in.head(), cache_meter);
    CHECK(naive_meter.peak() == common + lines(t * stride));
    CHECK(flash_meter.peak() == common + lines(kTile));
    CHECK(cache_meter.peak() == lines(dm * kPack) + 2 * lines(kHead * stride) + lines(kHead) + lines(kTile) + lines(t * kHead));
    CHECK(naive_meter.live() == 0);
    CHECK(flash_meter.live() == 0);
}

TEST_CASE("flash at T = 16000 allocates less than 1% of the T×T float32 matrix") {
    const std::size_t t = 16000;
    const Inputs in = make_inputs(t, 16, 1);
    Meter m;
    const Result r = run(Kernel::flash, in.head(), m);
    CHECK(static_cast<double>(m.peak()) < 0.01 * 4.0 * double(t) * double(t));
    CHECK(std::isfinite(r.out[(t - 1) * kHead]));
}
