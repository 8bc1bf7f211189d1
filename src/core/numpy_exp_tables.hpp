#pragma once
// Constants of the float64 exp that NumPy 1.24 calls on AVX-512 SKX hosts: Intel's SVML
// __svml_exp8, shipped inside NumPy. Copyright (C) 2021 Intel Corporation, BSD-3-Clause (the
// terms: packaging/deb/copyright). The values are data of that algorithm, read from NumPy 1.24.2's
// build; numpy_exp.cpp and numpy_exp_avx512.cpp say how they are used. 2^(j/16) is each power
// rounded to nearest; the 64 (lead, trail) pairs are SVML's own (their trails are not the nearest
// double of 2^(j/64) - lead).
#include <cstdint>

namespace attn::core::svml {

// 2^(j/16), j = 0..15, each rounded to nearest: the 8-lane path's table, indexed by the low
// 4 bits of the shifted x·log2(e).
inline constexpr std::uint64_t kPow2Sixteenths[16] = {
    0x3ff0000000000000ULL, 0x3ff0b5586cf9890fULL, 0x3ff172b83c7d517bULL, 0x3ff2387a6e756238ULL,
    0x3ff306fe0a31b715ULL, 0x3ff3dea64c123422ULL, 0x3ff4bfdad5362a27ULL, 0x3ff5ab07dd485429ULL,
    0x3ff6a09e667f3bcdULL, 0x3ff7a11473eb0187ULL, 0x3ff8ace5422aa0dbULL, 0x3ff9c49182a3f090ULL,
    0x3ffae89f995ad3adULL, 0x3ffc199bdd85529cULL, 0x3ffd5818dcfba487ULL, 0x3ffea4afa2a490daULL,
};

// The 8-lane path: x·log2(e) + shifter (rounded toward zero) leaves N = x·log2(e) truncated to
// 1/16 in the low mantissa bits; r = x - N·ln2 (two-part ln2); exp(r) - 1 by a degree-6
// polynomial whose first coefficient is 1; lanes with |x| >= kRareBound take the scalar path.
inline constexpr std::uint64_t kLog2e = 0x3ff71547652b82feULL;
inline constexpr std::uint64_t kShifter = 0x42f8000000003ff0ULL;   // 1.5·2^48 + 1023
inline constexpr std::uint64_t kLn2Hi = 0x3fe62e42fefa39efULL;
inline constexpr std::uint64_t kLn2Lo = 0x3c7abc9e3b39803fULL;
inline constexpr std::uint64_t kReducedMask = 0xbfffffffffffffffULL;  // keeps |r| < 2 in any lane
inline constexpr std::uint64_t kC2 = 0x3fe0000000002622ULL;
inline constexpr std::uint64_t kC3 = 0x3fc5555554b508a2ULL;
inline constexpr std::uint64_t kC4 = 0x3fa555564bb4f5f0ULL;
inline constexpr std::uint64_t kC5 = 0x3f81106603d97c00ULL;
inline constexpr std::uint64_t kC6 = 0x3f572eb5ef0d213dULL;
inline constexpr std::uint64_t kRareBound = 0x40861da04cbafe44ULL;   // 707.703...

// The scalar path for |x| >= kRareBound (and ±inf): 2^(j/64), j = 0..63, as (lead, trail) pairs.
inline constexpr std::uint64_t kPow2SixtyFourths[128] = {
    0x3ff0000000000000ULL, 0x0000000000000000ULL, 0x3ff02c9a3e778061ULL, 0xbc7160139cd8dc5dULL,
    0x3ff059b0d3158574ULL, 0x3c8cd2523567f613ULL, 0x3ff0874518759bc8ULL, 0x3c60f74e61e6c861ULL,
    0x3ff0b5586cf9890fULL, 0x3c979aa65d837b6dULL, 0x3ff0e3ec32d3d1a2ULL, 0x3c3ebe3d702f9cd1ULL,
    0x3ff11301d0125b51ULL, 0xbc9556522a2fbd0eULL, 0x3ff1429aaea92de0ULL, 0xbc91c923b9d5f416ULL,
    0x3ff172b83c7d517bULL, 0xbc801b15eaa59348ULL, 0x3ff1a35beb6fcb75ULL, 0x3c8b898c3f1353bfULL,
    0x3ff1d4873168b9aaULL, 0x3c9aecf73e3a2f60ULL, 0x3ff2063b88628cd6ULL, 0x3c8a6f4144a6c38dULL,
    0x3ff2387a6e756238ULL, 0x3c968efde3a8a894ULL, 0x3ff26b4565e27cddULL, 0x3c80472b981fe7f2ULL,
    0x3ff29e9df51fdee1ULL, 0x3c82f7e16d09ab31ULL, 0x3ff2d285a6e4030bULL, 0x3c8b3782720c0ab4ULL,
    0x3ff306fe0a31b715ULL, 0x3c834d754db0abb6ULL, 0x3ff33c08b26416ffULL, 0x3c8fdd395dd3f84aULL,
    0x3ff371a7373aa9cbULL, 0xbc924aedcc4b5068ULL, 0x3ff3a7db34e59ff7ULL, 0xbc71d1e83e9436d2ULL,
    0x3ff3dea64c123422ULL, 0x3c859f48a72a4c6dULL, 0x3ff4160a21f72e2aULL, 0xbc58a78f4817895bULL,
    0x3ff44e086061892dULL, 0x3c4363ed60c2ac11ULL, 0x3ff486a2b5c13cd0ULL, 0x3c6ecce1daa10379ULL,
    0x3ff4bfdad5362a27ULL, 0x3c7690cebb7aafb0ULL, 0x3ff4f9b2769d2ca7ULL, 0xbc8f94340071a38eULL,
    0x3ff5342b569d4f82ULL, 0xbc78dec6bd0f385fULL, 0x3ff56f4736b527daULL, 0x3c93350518fdd78eULL,
    0x3ff5ab07dd485429ULL, 0x3c9063e1e21c5409ULL, 0x3ff5e76f15ad2148ULL, 0x3c9432e62b64c035ULL,
    0x3ff6247eb03a5585ULL, 0xbc8c33c53bef4da8ULL, 0x3ff6623882552225ULL, 0xbc93cedd78565858ULL,
    0x3ff6a09e667f3bcdULL, 0xbc93b3efbf5e2228ULL, 0x3ff6dfb23c651a2fULL, 0xbc6367efb86da9eeULL,
    0x3ff71f75e8ec5f74ULL, 0xbc781f647e5a3ecfULL, 0x3ff75feb564267c9ULL, 0xbc8619321e55e68aULL,
    0x3ff7a11473eb0187ULL, 0xbc7b32dcb94da51dULL, 0x3ff7e2f336cf4e62ULL, 0x3c65ebe1abd66c55ULL,
    0x3ff82589994cce13ULL, 0xbc9369b6f13b3734ULL, 0x3ff868d99b4492edULL, 0xbc94d450d872576eULL,
    0x3ff8ace5422aa0dbULL, 0x3c8db72fc1f0eab4ULL, 0x3ff8f1ae99157736ULL, 0x3c7bf68359f35f44ULL,
    0x3ff93737b0cdc5e5ULL, 0xbc5da9b88b6c1e29ULL, 0x3ff97d829fde4e50ULL, 0xbc92434322f4f9aaULL,
    0x3ff9c49182a3f090ULL, 0x3c71affc2b91ce27ULL, 0x3ffa0c667b5de565ULL, 0xbc87c50422622263ULL,
    0x3ffa5503b23e255dULL, 0xbc91bbd1d3bcbb15ULL, 0x3ffa9e6b5579fdbfULL, 0x3c8469846e735ab3ULL,
    0x3ffae89f995ad3adULL, 0x3c8c1a7792cb3387ULL, 0x3ffb33a2b84f15fbULL, 0xbc55c3d956dcaebaULL,
    0x3ffb7f76f2fb5e47ULL, 0xbc68d6f438ad9334ULL, 0x3ffbcc1e904bc1d2ULL, 0x3c74ffd70a5fddcdULL,
    0x3ffc199bdd85529cULL, 0x3c736eae30af0cb3ULL, 0x3ffc67f12e57d14bULL, 0x3c84e08fd10959acULL,
    0x3ffcb720dcef9069ULL, 0x3c676b2c6c921968ULL, 0x3ffd072d4a07897cULL, 0xbc8fad5d3ffffa6fULL,
    0x3ffd5818dcfba487ULL, 0x3c74a385a63d07a7ULL, 0x3ffda9e603db3285ULL, 0x3c8e5a50d5c192acULL,
    0x3ffdfc97337b9b5fULL, 0xbc82d52107b43e1fULL, 0x3ffe502ee78b3ff6ULL, 0x3c74b604603a88d3ULL,
    0x3ffea4afa2a490daULL, 0xbc8ff7128fd391f0ULL, 0x3ffefa1bee615a27ULL, 0x3c8ec3bc41aa2008ULL,
    0x3fff50765b6e4540ULL, 0x3c8a64a931d185eeULL, 0x3fffa7c1819e90d8ULL, 0x3c77893b4d91cd9dULL,
};
inline constexpr std::uint64_t kHa64OverLn2 = 0x40571547652b82feULL;
inline constexpr std::uint64_t kHaShifter = 0x4338000000000000ULL;   // 1.5·2^52
inline constexpr std::uint64_t kHaP2 = 0x3fe0000000000000ULL;
inline constexpr std::uint64_t kHaP3 = 0x3fc55555555548f8ULL;
inline constexpr std::uint64_t kHaP4 = 0x3fa5555555558fccULL;
inline constexpr std::uint64_t kHaP5 = 0x3f8111123aaf20d3ULL;
inline constexpr std::uint64_t kHaP6 = 0x3f56c16a1c2a3ffdULL;
inline constexpr std::uint64_t kHaOverflow = 0x40862e42fefa39efULL;   // ln(DBL_MAX)
inline constexpr std::uint64_t kHaSubnormal = 0xc086232bdd7abcd2ULL;  // ln(2^-1022)
inline constexpr std::uint64_t kHaUnderflow = 0xc0874910d52d3051ULL;  // below: exp rounds to 0
inline constexpr std::uint64_t kHaLn2Hi64 = 0x3f862e42fefa0000ULL;    // ln2/64, lead
inline constexpr std::uint64_t kHaLn2Lo64 = 0x3d1cf79abc9e3b3aULL;    // ln2/64, trail
inline constexpr std::uint64_t kHaTiny = 0x0010000000000001ULL;       // squared: 0, underflow
inline constexpr std::uint64_t kHaHuge = 0x7fefffffffffffffULL;       // squared: inf, overflow
inline constexpr std::uint64_t kHaTwoM60 = 0x3c30000000000000ULL;
inline constexpr std::uint64_t kHaSplitter = 0x41f8000000000000ULL;   // 1.5·2^32

}  // namespace attn::core::svml
