// Experiments: the sweep rule, validation before work (counted by an allocation hook), and
// report invariants.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

#include "errors.hpp"
#include "experiments/attention.hpp"
#include "experiments/mask.hpp"
#include "experiments/multihead.hpp"
#include "experiments/scaling.hpp"

using namespace attn::experiments;

// ---- an allocation hook for this test program ------------------------------------------------
// (The replacement operator new and delete are a malloc/free pair; GCC's mismatch warning sees
// only the free call once they are inlined.)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
// While armed, every operator new adds its size to g_bytes, and any single request above
// kRefuseAbove throws std::bad_alloc: a run that was not refused fails fast instead of taking
// gigabytes of a shared machine.
namespace {
std::atomic<bool> g_armed{false};
std::atomic<std::size_t> g_bytes{0};
constexpr std::size_t kRefuseAbove = std::size_t{64} << 20;   // 64 MiB

// Bytes allocated while `f` runs, hook armed.
template <class F>
std::size_t bytes_allocated_by(F f) {
    g_bytes = 0;
    g_armed = true;
    try {
        f();
    } catch (...) {
        g_armed = false;
        throw;
    }
    g_armed = false;
    return g_bytes;
}
}  // namespace

void* operator new(std::size_t n) {
    if (g_armed) {
        if (n > kRefuseAbove) throw std::bad_alloc();
        g_bytes += n;
    }
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("a shown Dq missing from the sweep is appended, in the order given") {
    CHECK(effective_sweep({4, 50, 400}, {}) == std::vector<long>{4, 50, 400});
    CHECK(effective_sweep({4, 50, 400}, {400}) == std::vector<long>{4, 50, 400});
    CHECK(effective_sweep({2, 8}, {16, 8, 3}) == std::vector<long>{2, 8, 16, 3});
}

TEST_CASE("attention report: column sums are 1, the shown column is the matrix's column") {
    AttentionOptions o;
    o.n = 7;
    o.col = 6;
    const auto r = run_attention(o);
    REQUIRE(r.weights.shape == std::vector<std::size_t>{7, 7});
    for (double s : r.column_sums.values) CHECK(std::fabs(s - 1.0) < 1e-12);
    for (std::size_t m = 0; m < 7; ++m) CHECK(r.column_weights.values[m] == r.weights.values[m * 7 + 5]);
    CHECK(r.input_shape == std::vector<std::size_t>{6, 7});
}

TEST_CASE("mask report: with the mask the earlier outputs do not move at all") {
    MaskOptions o;
    for (long pos = 2; pos <= 5; ++pos) {
        o.pos = pos;
        const auto r = run_mask(o);
        CHECK(r.change_masked == 0.0);
        CHECK(r.change_unmasked > 0.0);
    }
}

TEST_CASE("multihead: one row per shown H; counts do not depend on H") {
    MultiheadOptions o;
    const auto r = run_multihead(o);
    REQUIRE(r.rows.size() == 4);
    for (const auto& row : r.rows) {
        CHECK(row.parameters == 4 * 48 * 48);
        CHECK(row.multiplications == 4 * 48 * 48 * 10 + 2 * 10 * 10 * 48);
        CHECK(row.head_width * row.heads == 48);
        CHECK(!row.output);                 // the counts alone: no values computed
        CHECK(!row.head_differences);
    }
}

TEST_CASE("multihead: the counts and shapes are the same whether the values are computed or not") {
    MultiheadOptions o;
    o.sweep = {4, 1, 12, 3};
    o.shown = {1, 3};
    const auto counted = run_multihead(o);
    o.with_outputs = o.head_differences = true;
    const auto computed = run_multihead(o);
    REQUIRE(counted.rows.size() == 2);
    REQUIRE(computed.rows.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& a = counted.rows[i];
        const auto& b = computed.rows[i];
        CHECK(a.heads == b.heads);
        CHECK(a.parameters == b.parameters);
        CHECK(a.multiplications == b.multiplications);
        CHECK(a.output_shape == b.output_shape);
        REQUIRE(b.output);
        CHECK(b.output->shape == b.output_shape);
        CHECK(b.head_weights.size() == static_cast<std::size_t>(b.heads));
        REQUIRE(b.head_differences);
        const std::size_t h = static_cast<std::size_t>(b.heads);
        for (std::size_t k = 0; k < h; ++k) CHECK(b.head_differences->values[k * h + k] == 0.0);
        for (double v : b.head_differences->values) CHECK((v >= 0.0 && v <= 1.0));
    }
}

TEST_CASE("attention: Y = V A only with --with-outputs, and nothing else moves") {
    AttentionOptions o;
    o.n = 9;
    o.col = 4;
    const auto plain = run_attention(o);
    o.with_outputs = true;
    const auto with_y = run_attention(o);
    CHECK(!plain.output);
    REQUIRE(with_y.output);
    CHECK(with_y.output->shape == std::vector<std::size_t>{6, 9});
    CHECK(plain.output_shape == with_y.output->shape);
    CHECK(plain.scores.values == with_y.scores.values);
    CHECK(plain.weights.values == with_y.weights.values);
    CHECK(plain.column_scores.values == with_y.column_scores.values);
    CHECK(plain.row_sums.values == with_y.row_sums.values);
}

TEST_CASE("validation refuses before any work: a UsageError, with under 64 KiB allocated") {
    // Each case would need gigabytes (or, for a bad --col or a bad sweep, nothing at all) if it
    // ran; refused, only the error message is allocated. The hook counts every byte.
    constexpr std::size_t kSmall = 64 * 1024;
    const auto refused_cheaply = [&](auto run) {
        std::size_t bytes = 0;
        bool usage_error = false;
        try {
            bytes = bytes_allocated_by(run);
        } catch (const attn::UsageError&) {
            usage_error = true;
            bytes = g_bytes;
        } catch (const std::bad_alloc&) {
            bytes = g_bytes;   // not refused: the hook stopped a big allocation
        }
        CHECK(usage_error);
        CHECK(bytes < kSmall);
    };
    AttentionOptions a;
    a.col = 9;   // beyond N = 5
    refused_cheaply([&] { run_attention(a); });
    a = {};
    a.d = 100000;   // in range one by one; N² scores alone would be 80 GB
    a.n = 100000;
    a.col = 1;
    refused_cheaply([&] { run_attention(a); });
    ScalingOptions s;
    s.sweep = {4, 4};
    refused_cheaply([&] { run_scaling(s); });
    s = {};
    s.repeats = 100000;   // 100000 x 100000 x 5 normals: over the draw limit
    s.sweep = {100000};
    refused_cheaply([&] { run_scaling(s); });
    MultiheadOptions m;
    m.sweep = {5};   // 5 does not divide D = 48
    refused_cheaply([&] { run_multihead(m); });
    m = {};
    m.d = 60000;
    m.n = 60000;
    m.sweep = {1};
    m.with_outputs = true;   // the heads' values are computed only when an output shows them
    refused_cheaply([&] { run_multihead(m); });
    m.with_outputs = false;
    m.head_differences = true;
    refused_cheaply([&] { run_multihead(m); });
    MaskOptions k;
    k.pos = 1;
    refused_cheaply([&] { run_mask(k); });
    k = {};
    k.d = 100000;
    k.n = 100000;
    refused_cheaply([&] { run_mask(k); });
    // The hook itself: a run that is allowed does allocate (so a zero above means something).
    CHECK(bytes_allocated_by([] { run_attention(AttentionOptions{}); }) > 0);
}
