// The read-ahead (rng/read_ahead.hpp): normals decoded ahead on helper threads are the in-order
// stream's bits, whatever the thread count and segment size, and the stream continues at the
// exact draw when the promise is used up or broken by another kind of draw. The reference is a
// generator of the same seed drawing in order (itself checked against NumPy's fixtures and the
// serial ziggurat: test_rng_fixtures.cpp, test_rng_block.cpp). Tiny segments force every way of
// stitching, and the counts prove each was taken.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "cpu/cpu_features.hpp"
#include "rng/numpy_generator.hpp"
#include "test_rng_support.hpp"

using attn::rng::NumpyGenerator;
using attn::rng::NumpyGeneratorTestAccess;
using attn::rng::ReadAheadConfig;
using attn::rng::ReadAheadCounts;

namespace {

bool sanitized() { return std::getenv("ATTN_SANITIZED") != nullptr; }

ReadAheadConfig config(unsigned threads, std::size_t segment, std::size_t window, unsigned patience_us = 20) {
    ReadAheadConfig c;
    c.threads = threads;
    c.segment = segment;
    c.window = window;
    c.minimum = 1;
    c.patience_us = patience_us;
    c.min_helper_share = 0;   // never gives up: the tests' machine may be busy
    return c;
}

// Calls of `scaling`'s shapes (N·Dq then Dq) and others, some with another loc and scale.
struct Call {
    std::size_t n;
    double loc, scale;
};
const std::vector<Call>& calls() {
    static const std::vector<Call> c{{20, 0, 1},   {4, 0, 1},    {250, 0, 1}, {50, 0, 1},  {2000, 0, 1},
                                     {400, 0, 1},  {1, 0.5, 2},  {33, -0.0, 1}, {4099, 0, 1}, {7, 3, 0.25},
                                     {10000, 0, 1}, {256, 0, 1}, {3, 0, 1}};
    return c;
}

// Draws `total` normals from a generator reading ahead and from one drawing in order, in the
// same calls, and counts the bit mismatches (the next raw draws too: the place in the stream).
int mismatches(std::uint64_t seed, const ReadAheadConfig& c, std::size_t total, ReadAheadCounts& counts) {
    NumpyGenerator ahead(seed), in_order(seed);
    NumpyGeneratorTestAccess::configure(ahead, c);
    ahead.will_draw_normals(total);
    int bad = !NumpyGeneratorTestAccess::reading_ahead(ahead);
    std::vector<double> a, b;
    for (std::size_t done = 0, i = 0; done < total; ++i) {
        const Call& call = calls()[i % calls().size()];
        const std::size_t n = std::min(call.n, total - done);
        a.resize(n);
        b.resize(n);
        ahead.normal(call.loc, call.scale, a.data(), n);
        in_order.normal(call.loc, call.scale, b.data(), n);
        for (std::size_t j = 0; j < n; ++j) bad += rng_test::bits(a[j]) != rng_test::bits(b[j]);
        done += n;
    }
    bad += NumpyGeneratorTestAccess::reading_ahead(ahead);   // the promise used up ends it
    for (int j = 0; j < 3; ++j) bad += ahead.next_uint64() != in_order.next_uint64();
    counts += NumpyGeneratorTestAccess::counts(ahead);
    return bad;
}

}  // namespace

TEST_CASE("read-ahead: 10^6 normals equal the in-order stream for every thread count and segment size") {
    const std::size_t total = sanitized() ? 200000 : 1000000;
    ReadAheadCounts counts;
    int bad = 0, runs = 0;
    for (std::uint64_t seed : {0ull, 1ull, 20261202ull}) {
        for (unsigned threads : {1u, 2u, 3u, 5u}) {
            bad += mismatches(seed, config(threads, threads == 1 ? 4096 : 256, 8), total, counts);
            ++runs;
            if (sanitized()) break;
        }
    }
    INFO(runs << " runs of " << total << " normals");
    CHECK(bad == 0);
    CHECK(counts.aligned > 0);
    CHECK(counts.resynced > 0);   // a slow path straddles a cut every ~70 segments of 256
}

TEST_CASE("read-ahead: tiny segments force every way of stitching") {
    // With S of 1 to 7 draws most cuts fall inside a slow path's draws: segments resynced at a
    // recorded start, decoded again from the true start, or spanned whole by one normal. With
    // no patience the caller also decodes again, in its spare, segments a helper is still on
    // (how often depends on the scheduler: counted, not required).
    const std::size_t total = sanitized() ? 4000 : 30000;
    ReadAheadCounts counts;
    int bad = 0;
    for (std::uint64_t seed : {0ull, 5ull, 77ull}) {
        for (std::size_t segment : {1, 2, 3, 5, 7, 20}) {
            for (unsigned threads : {0u, 1u, 2u, 3u, 5u}) {
                bad += mismatches(seed, config(threads, segment, 1 + segment % 5, threads >= 3 ? 0 : 20), total, counts);
            }
        }
    }
    INFO("aligned " << counts.aligned << ", resynced " << counts.resynced << ", decoded again "
                    << counts.redecoded << ", spanned " << counts.spanned << ", by the caller " << counts.by_caller
                    << ", duplicated " << counts.duplicated);
    CHECK(bad == 0);
    CHECK(counts.aligned > 0);
    CHECK(counts.resynced > 0);
    CHECK(counts.redecoded > 0);
    CHECK(counts.spanned > 0);
    CHECK(counts.by_caller > 0);
}

TEST_CASE("read-ahead: another kind of draw ends it at the exact place in the stream") {
    int bad = 0, cases = 0;
    for (unsigned threads : {0u, 1u, 3u}) {
        for (std::size_t segment : {3, 256, 4096}) {
            for (std::size_t first : {0, 1, 255, 256, 5000, 20000}) {
                for (int kind = 0; kind < 8; ++kind) {
                    NumpyGenerator ahead(std::uint64_t{42} + first), in_order(std::uint64_t{42} + first);
                    NumpyGeneratorTestAccess::configure(ahead, config(threads, segment, 4));
                    if (kind >= 4) {   // normals in order first (the vector loop: 32 or more): their candidates must not outlive the promise
                        const std::vector<double> x = ahead.normal(0.0, 1.0, 100), y = in_order.normal(0.0, 1.0, 100);
                        for (std::size_t j = 0; j < x.size(); ++j) bad += rng_test::bits(x[j]) != rng_test::bits(y[j]);
                    }
                    ahead.will_draw_normals(1000000);   // promised more than is drawn
                    std::vector<double> a(first), b(first);
                    ahead.normal(0.0, 1.0, a.data(), first);
                    in_order.normal(0.0, 1.0, b.data(), first);
                    for (std::size_t j = 0; j < first; ++j) bad += rng_test::bits(a[j]) != rng_test::bits(b[j]);
                    bad += !NumpyGeneratorTestAccess::reading_ahead(ahead);
                    switch (kind % 4) {   // the interruption
                        case 0: bad += ahead.next_uint64() != in_order.next_uint64(); break;
                        case 1: bad += rng_test::bits(ahead.next_double()) != rng_test::bits(in_order.next_double()); break;
                        case 2: ahead.will_draw_normals(0); break;   // a new promise replaces it
                        case 3: {   // a new promise that starts a read-ahead of its own
                            ahead.will_draw_normals(5000);
                            const std::vector<double> x = ahead.normal(1.0, 3.0, 5001), y = in_order.normal(1.0, 3.0, 5001);
                            for (std::size_t j = 0; j < x.size(); ++j) bad += rng_test::bits(x[j]) != rng_test::bits(y[j]);
                            break;
                        }
                    }
                    bad += NumpyGeneratorTestAccess::reading_ahead(ahead);
                    // then the same stream in order: normals, a standard normal, raw draws
                    const std::vector<double> x = ahead.normal(0.0, 1.0, 300), y = in_order.normal(0.0, 1.0, 300);
                    for (std::size_t j = 0; j < x.size(); ++j) bad += rng_test::bits(x[j]) != rng_test::bits(y[j]);
                    bad += rng_test::bits(ahead.standard_normal()) != rng_test::bits(in_order.standard_normal());
                    bad += ahead.next_uint64() != in_order.next_uint64();
                    ++cases;
                }
            }
        }
    }
    INFO(cases << " interruptions");
    CHECK(bad == 0);
}

TEST_CASE("read-ahead: standard_normal() keeps -0.0 and a generator dropped mid-promise stops cleanly") {
    // standard_normal() hands z itself (normal(0, 1) would give 0 + 1·z): compared by bits
    NumpyGenerator ahead(std::uint64_t{9}), in_order(std::uint64_t{9});
    NumpyGeneratorTestAccess::configure(ahead, config(2, 64, 4));
    ahead.will_draw_normals(3000);
    int bad = 0;
    for (int i = 0; i < 3000; ++i) bad += rng_test::bits(ahead.standard_normal()) != rng_test::bits(in_order.standard_normal());
    bad += NumpyGeneratorTestAccess::reading_ahead(ahead);
    bad += ahead.next_uint64() != in_order.next_uint64();
    CHECK(bad == 0);
    for (unsigned threads : {1u, 5u}) {   // helpers busy or waiting when the generator goes
        NumpyGenerator g(std::uint64_t{3});
        NumpyGeneratorTestAccess::configure(g, config(threads, 64, 8));
        g.will_draw_normals(1u << 20);
        (void)g.normal(0.0, 1.0, 100);
    }
}

TEST_CASE("read-ahead: the defaults start it only for a large promise, and only with helper threads") {
    NumpyGenerator small(std::uint64_t{1}), large(std::uint64_t{1}), in_order(std::uint64_t{1});
    small.will_draw_normals(1000);
    CHECK_FALSE(NumpyGeneratorTestAccess::reading_ahead(small));
    large.will_draw_normals(std::uint64_t{1} << 22);
    CHECK(NumpyGeneratorTestAccess::reading_ahead(large) == (attn::cpu::draw_threads() > 0));
    const std::vector<double> a = large.normal(0.0, 1.0, 300000), b = in_order.normal(0.0, 1.0, 300000);
    int bad = 0;
    for (std::size_t j = 0; j < a.size(); ++j) bad += rng_test::bits(a[j]) != rng_test::bits(b[j]);
    CHECK(bad == 0);
}

TEST_CASE("read-ahead: where the threads do not run side by side it gives up and goes on in order") {
    // asking the helpers for more than every segment: the second look (after 2·kCheckEvery
    // segments) ends it
    ReadAheadConfig c = config(1, 256, 8);
    c.min_helper_share = 1.5;
    ReadAheadCounts counts;
    CHECK(mismatches(2, c, 200000, counts) == 0);
    CHECK(counts.gave_up == 1);
    NumpyGenerator g(std::uint64_t{2});
    NumpyGeneratorTestAccess::configure(g, c);
    g.will_draw_normals(200000);
    (void)g.normal(0.0, 1.0, 150000);   // ~590 segments of 256 draws: past the second look
    CHECK_FALSE(NumpyGeneratorTestAccess::reading_ahead(g));
}
