#pragma once
// The numbers each homework problem is posed with. Without --variant they are the chapter's
// (section 04, 作業和解答); `--variant ID` derives others from a hash of ID, so that a class does
// not share one answer. Plain data: the problems (problems.hpp) compute everything from these.
#include <array>
#include <cstdint>
#include <string>

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
    std::string seed = "0";
    long column = 3;
};

// Problem 3 (作業三): model width D; (c) compares N = n_short with N = n_long.
struct Problem3Params {
    long d = 48;
    long n_short = 10;
    long n_long = 40;
};

struct Variant {
    std::string id;          // empty: the chapter's own numbers
    Problem1Params p1;
    Problem2Params p2;
    Problem3Params p3;
    bool is_chapter() const { return id.empty(); }
    std::string label() const { return id.empty() ? "chapter" : id; }
};

// The numbers the chapter poses its homework with: k1=(1,0), k2=(0,1), k3=(1,1), q=(2,0), (c)
// q=(10,0); column 3 of seed 0; D=48, N=10 and 40.
Variant chapter_variant();

// Deterministic in `id` on every platform (FNV-1a 64 of the bytes, then SplitMix64 draws).
// Throws attn::UsageError("--variant", …) for an empty or over-long ID (> 200 bytes).
Variant derive_variant(const std::string& id);

// --variant given or not: the chapter's numbers when `id` is empty.
inline Variant make_variant(const std::string& id) {
    return id.empty() ? chapter_variant() : derive_variant(id);
}

std::uint64_t fnv1a64(const std::string& bytes);

}  // namespace attn::homework
