// Variants: other numbers for the same three problems, derived from a string ID.
#include "homework/variant.hpp"

#include <algorithm>

#include "errors.hpp"
#include "homework/keyed_hash.hpp"
#include "homework/student_id.hpp"

namespace attn::homework {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a small, well-mixed stream from one 64-bit state.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in lo..hi (inclusive); the modulo bias is far below anything a class would notice.
    long between(long lo, long hi) {
        return lo + static_cast<long>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }
};

long dot(const std::array<long, 2>& a, const std::array<long, 2>& b) {
    return a[0] * b[0] + a[1] * b[1];
}

// Problem 1 keeps the chapter's shape: three distinct non-zero keys with entries in {-1, 0, 1},
// a query with entries in 0..3, and key 2 scoring 1 to 3 below the best key (the chapter: 2), so
// that scaling the query up by 3..5 squeezes weight 2 towards 0 as in the chapter's (c) while
// every weight stays within reach of a calculator (weight 2 in (c) is at least e^-15).
Problem1Params derive_problem1(SplitMix64& mix) {
    for (;;) {
        Problem1Params p;
        for (auto& k : p.keys) k = {mix.between(-1, 1), mix.between(-1, 1)};
        p.query = {mix.between(0, 3), mix.between(0, 3)};
        p.scale = mix.between(3, 5);
        const auto& k = p.keys;
        const bool nonzero = k[0] != std::array<long, 2>{0, 0} && k[1] != std::array<long, 2>{0, 0} &&
                             k[2] != std::array<long, 2>{0, 0};
        const bool distinct = k[0] != k[1] && k[0] != k[2] && k[1] != k[2];
        if (!nonzero || !distinct || (p.query[0] == 0 && p.query[1] == 0)) continue;
        const long s1 = dot(k[0], p.query), s2 = dot(k[1], p.query), s3 = dot(k[2], p.query);
        const long gap = std::max(s1, s3) - s2;
        if (gap >= 1 && gap <= 3) return p;
    }
}

}  // namespace

std::uint64_t variant_stream_start(const std::string& normalised_id, const std::string& secret) {
    const Digest mac = hmac_sha256(secret, std::string(kVariantDomain) + normalised_id);
    std::uint64_t start = 0;
    for (int i = 0; i < 8; ++i) start = (start << 8) | mac[static_cast<std::size_t>(i)];
    return start;
}

Variant chapter_variant() {
    Variant v;
    v.p1.keys = {{{1, 0}, {0, 1}, {1, 1}}};
    v.p1.query = {2, 0};
    v.p1.scale = 5;
    v.p2 = Problem2Params{"0", 3};
    v.p3 = Problem3Params{48, 10, 40};
    return v;
}

Variant derive_variant(const std::string& normalised_id, const std::string& secret) {
    SplitMix64 mix{variant_stream_start(normalised_id, secret)};
    Variant v;
    v.id = normalised_id;
    v.keyed = !secret.empty();
    v.p1 = derive_problem1(mix);
    // Problem 2: another generator seed, and a column that keeps 2..4 of the 5 inputs.
    v.p2.seed = std::to_string(mix.between(1, 999999));
    v.p2.column = mix.between(2, 4);
    // Problem 3: D a multiple of 6 (so H = 1, 2, 3, 6 all divide it), N_long a multiple of N_short.
    v.p3.d = 6 * mix.between(4, 12);
    v.p3.n_short = mix.between(6, 16);
    v.p3.n_long = v.p3.n_short * mix.between(3, 5);
    return v;
}

Variant make_variant(const std::string& id, const std::string& secret) {
    if (!secret.empty() && secret.size() < kMinSecretBytes) {
        throw UsageError("--secret-file", "the course secret is shorter than 16 bytes (make one with "
                                          "`openssl rand -hex 32`)");
    }
    if (id.empty()) return chapter_variant();
    const std::string normalised = normalise_student_id(id);
    if (normalised == "chapter") return chapter_variant();
    return derive_variant(normalised, secret);
}

}  // namespace attn::homework
