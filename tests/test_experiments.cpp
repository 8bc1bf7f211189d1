// Experiments: the sweep rule, validation before work, and report invariants.
#include <doctest/doctest.h>

#include <cmath>

#include "core/errors.hpp"
#include "experiments/attention.hpp"
#include "experiments/mask.hpp"
#include "experiments/multihead.hpp"
#include "experiments/scaling.hpp"

using namespace attn::experiments;

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
    }
}

TEST_CASE("validation refuses before any work") {
    AttentionOptions a;
    a.col = 9;
    CHECK_THROWS_AS(run_attention(a), attn::UsageError);
    a.col = 1;
    a.d = 100000;
    a.n = 100000;
    CHECK_THROWS_AS(validate(a), attn::UsageError);
    ScalingOptions s;
    s.sweep = {4, 4};
    CHECK_THROWS_AS(run_scaling(s), attn::UsageError);
    MultiheadOptions m;
    m.sweep = {5};
    CHECK_THROWS_AS(run_multihead(m), attn::UsageError);
    MaskOptions k;
    k.pos = 1;
    CHECK_THROWS_AS(run_mask(k), attn::UsageError);
}
