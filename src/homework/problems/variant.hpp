#pragma once
// The numbers each homework problem is posed with. Without --variant they are the chapter's
// (section 04, 作業和解答); `--variant ID` derives others from a keyed hash of the ID, so that a
// class does not share one answer and, with the course secret, no student can print the key that
// grades them. Plain data: the problems (problems.hpp) compute everything from these.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include "rng/seed.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

// Problem 1 (作業一): three keys k_m in R² (Dq = 2), one query q; (c) multiplies q by `scale`.
struct Problem1Params {
    std::array<std::array<long, 2>, 3> keys{};   // k1, k2, k3
    std::array<long, 2> query{};                  // q
    long scale = 1;                               // (c): q' = scale · q
};

// Problem 2 (作業二): column `column` of the section-3 matrix (`attn attention --seed S`), with
// the causal mask keeping inputs 1..column.
struct Problem2Params {
    rng::Seed seed;   // 0, the chapter's default_rng(0)
    long column = 3;
};

// Problem 3 (作業三): model width D; (c) compares N = n_short with N = n_long.
struct Problem3Params {
    long d = 48;
    long n_short = 10;
    long n_long = 40;
};

struct Variant {
    std::string id;          // the normalised ID; empty: the chapter's own numbers
    bool keyed = false;      // derived with the course secret (the graded numbers)
    Problem1Params p1;
    Problem2Params p2;
    Problem3Params p3;
    BookParams book;         // the book's problems (p. 239): the book's numbers unless derived
    bool is_chapter() const { return id.empty(); }
    std::string label() const { return id.empty() ? "chapter" : id; }
    // For every report: whose numbers these are.
    std::string origin() const {
        return id.empty() ? "the chapter's numbers" : keyed ? "keyed by the course secret" : "self-study numbers, no course secret";
    }
    // Whose numbers, for the report of a sheet refused before its student's ID was read.
    static Variant not_known_yet() {
        Variant v;
        v.id = "(not known yet)";
        return v;
    }
};

// The numbers the chapter poses its homework with: k1=(1,0), k2=(0,1), k3=(1,1), q=(2,0), (c)
// q=(10,0); column 3 of seed 0; D=48, N=10 and 40.
Variant chapter_variant();

inline constexpr std::size_t kMinSecretBytes = 16;
// Throws attn::UsageError(source, …) for a non-empty secret shorter than kMinSecretBytes; `source`
// names where it came from ("--secret-file" or "ATTN_COURSE_SECRET").
void require_secret_length(const std::string& secret, const std::string& source);

// Another set of numbers for the normalised student ID (student_id.hpp). The 64-bit start of a
// SplitMix64 stream is the first 8 bytes (big-endian) of HMAC-SHA256(secret, kVariantDomain + id);
// without a course secret the HMAC key is empty, so self-study numbers are public and differ from
// the graded ones. `id` "chapter" means the chapter's own numbers. Deterministic on every platform;
// a change here changes every student's numbers, so the tests pin it.
inline constexpr const char* kVariantDomain = "attn homework variant v3\n";
Variant derive_variant(const std::string& normalised_id, const std::string& secret = "");

// --variant given or not: the chapter's numbers when `id` is empty or normalises to "chapter".
// Throws attn::UsageError("--variant", …) for an ID normalise_student_id refuses, and for a secret
// shorter than kMinSecretBytes.
Variant make_variant(const std::string& id, const std::string& secret = "");

// The SplitMix64 start for an ID (exposed so that tests can pin the derivation).
std::uint64_t variant_stream_start(const std::string& normalised_id, const std::string& secret);

}  // namespace attn::homework

// A seed in the sheets' and solutions' text is its decimal digits, as `attn attention --seed` takes it.
// No format spec ({fmt} 9 and 10 differ in what formatter<string_view> declares in core.h).
template <>
struct fmt::formatter<attn::rng::Seed> {
    constexpr auto parse(fmt::format_parse_context& context) { return context.begin(); }
    template <class Context>
    auto format(const attn::rng::Seed& seed, Context& context) const {
        const std::string digits = seed.decimal();
        return std::copy(digits.begin(), digits.end(), context.out());
    }
};
