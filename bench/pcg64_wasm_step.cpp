// PCG64's 128-bit multiply-add (docs/spec/numpy-random.md §2: s -> s * mult + plus mod 2^128,
// then XSL-RR) filling blocks of 256 draws from 32 lanes, as src/rng/draw_stream.cpp does, in
// three ways, the bits of each checked against the first before it is timed:
//   u128      unsigned __int128 (x86-64: one mulx; wasm32: a call of compiler-rt's __multi3)
//   halves    the product written out in 32-bit halves, 64-bit multiplies, four chains inline
//   simd128   (WebAssembly only) four lanes per vector, the state in 32-bit limbs across the
//             lanes, the ten 32×32 partial products of the truncated product by
//             i64x2.extmul_low/high_i32x4_u (and i32x4.mul for the top limb, which keeps 32
//             bits), carries by unsigned compares; the output's rotate per lane in scalar code
//             (WebAssembly has no per-lane variable shift).
// The floor of the generator in the WebAssembly build (docs/performance.md, "The WebAssembly
// build"): bench/pcg64_wasm_step.sh builds it for Node and for this CPU and prints ns per draw.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace {

using u128 = unsigned __int128;
using u64 = std::uint64_t;
using u32 = std::uint32_t;

constexpr int kLanes = 32, kSteps = 8;   // a block: 32 lanes × 8 steps = 256 draws

u64 rotr(u64 v, unsigned r) { return (v >> r) | (v << ((64u - r) & 63u)); }
u64 xsl_rr(u64 hi, u64 lo) { return rotr(hi ^ lo, static_cast<unsigned>(hi >> 58)); }

__attribute__((noinline)) void fill_u128(u128* s, u128 m, u128 c, u64* out) {
    for (int g = 0; g < kLanes; g += 4) {
        u128 s0 = s[g], s1 = s[g + 1], s2 = s[g + 2], s3 = s[g + 3];
        for (int r = 0; r < kSteps; ++r) {
            u64* o = out + r * kLanes + g;
            o[0] = xsl_rr(u64(s0 >> 64), u64(s0));
            o[1] = xsl_rr(u64(s1 >> 64), u64(s1));
            o[2] = xsl_rr(u64(s2 >> 64), u64(s2));
            o[3] = xsl_rr(u64(s3 >> 64), u64(s3));
            s0 = s0 * m + c, s1 = s1 * m + c, s2 = s2 * m + c, s3 = s3 * m + c;
        }
        s[g] = s0, s[g + 1] = s1, s[g + 2] = s2, s[g + 3] = s3;
    }
}

// (sh:sl) = (sh:sl) * (mh:ml) + (ch:cl) mod 2^128, from 64-bit multiplies of 32-bit halves
inline void step_halves(u64& sh, u64& sl, u64 mh, u64 ml, u64 ch, u64 cl) {
    const u64 a0 = sl & 0xffffffffu, a1 = sl >> 32, b0 = ml & 0xffffffffu, b1 = ml >> 32;
    const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    const u64 lo = (p00 & 0xffffffffu) | (mid << 32);
    const u64 hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) + sh * ml + sl * mh;
    sl = lo + cl;
    sh = hi + ch + (sl < cl);
}

__attribute__((noinline)) void fill_halves(u64* sh, u64* sl, u128 m, u128 c, u64* out) {
    const u64 mh = u64(m >> 64), ml = u64(m), ch = u64(c >> 64), cl = u64(c);
    for (int g = 0; g < kLanes; g += 4) {
        u64 h0 = sh[g], h1 = sh[g + 1], h2 = sh[g + 2], h3 = sh[g + 3];
        u64 l0 = sl[g], l1 = sl[g + 1], l2 = sl[g + 2], l3 = sl[g + 3];
        for (int r = 0; r < kSteps; ++r) {
            u64* o = out + r * kLanes + g;
            o[0] = xsl_rr(h0, l0), o[1] = xsl_rr(h1, l1), o[2] = xsl_rr(h2, l2), o[3] = xsl_rr(h3, l3);
            step_halves(h0, l0, mh, ml, ch, cl);
            step_halves(h1, l1, mh, ml, ch, cl);
            step_halves(h2, l2, mh, ml, ch, cl);
            step_halves(h3, l3, mh, ml, ch, cl);
        }
        sh[g] = h0, sh[g + 1] = h1, sh[g + 2] = h2, sh[g + 3] = h3;
        sl[g] = l0, sl[g + 1] = l1, sl[g + 2] = l2, sl[g + 3] = l3;
    }
}

#if defined(__wasm_simd128__)
// v[4g + k]: limb k (bits 32k..32k+31) of lanes 4g..4g+3. Every step of a block runs across all
// eight vectors groups (independent chains) before the next step.
struct Split { v128_t lo, hi; };
inline Split product(v128_t a, v128_t m) {   // a_i * m for the four lanes, as lo and hi 32 bits
    const v128_t l = wasm_u64x2_extmul_low_u32x4(a, m), h = wasm_u64x2_extmul_high_u32x4(a, m);
    return {wasm_i32x4_shuffle(l, h, 0, 2, 4, 6), wasm_i32x4_shuffle(l, h, 1, 3, 5, 7)};
}
// t += x, the carry out counted into k (a compare's -1 subtracted)
#define ADD_CARRY(t, x, k) (t = wasm_i32x4_add(t, x), k = wasm_i32x4_sub(k, wasm_u32x4_lt(t, x)))

__attribute__((noinline)) void fill_simd128(v128_t* v, u128 m, u128 c, u64* out) {
    const v128_t m0 = wasm_i32x4_splat(u32(m)), m1 = wasm_i32x4_splat(u32(m >> 32));
    const v128_t m2 = wasm_i32x4_splat(u32(m >> 64)), m3 = wasm_i32x4_splat(u32(m >> 96));
    const v128_t c0 = wasm_i32x4_splat(u32(c)), c1 = wasm_i32x4_splat(u32(c >> 32));
    const v128_t c2 = wasm_i32x4_splat(u32(c >> 64)), c3 = wasm_i32x4_splat(u32(c >> 96));
    const v128_t zero = wasm_i32x4_splat(0);
    for (int r = 0; r < kSteps; ++r) {
        for (int g = 0; g < kLanes / 4; ++g) {
            const v128_t s0 = v[4 * g], s1 = v[4 * g + 1], s2 = v[4 * g + 2], s3 = v[4 * g + 3];
            // XSL-RR: hi64 ^ lo64 per lane, rotated right by hi64's top 6 bits (scalar)
            const v128_t x01 = wasm_v128_xor(wasm_i32x4_shuffle(s0, s1, 0, 4, 1, 5), wasm_i32x4_shuffle(s2, s3, 0, 4, 1, 5));
            const v128_t x23 = wasm_v128_xor(wasm_i32x4_shuffle(s0, s1, 2, 6, 3, 7), wasm_i32x4_shuffle(s2, s3, 2, 6, 3, 7));
            const v128_t rot = wasm_u32x4_shr(s3, 26);
            u64* o = out + r * kLanes + 4 * g;
            o[0] = rotr(wasm_u64x2_extract_lane(x01, 0), wasm_u32x4_extract_lane(rot, 0));
            o[1] = rotr(wasm_u64x2_extract_lane(x01, 1), wasm_u32x4_extract_lane(rot, 1));
            o[2] = rotr(wasm_u64x2_extract_lane(x23, 0), wasm_u32x4_extract_lane(rot, 2));
            o[3] = rotr(wasm_u64x2_extract_lane(x23, 1), wasm_u32x4_extract_lane(rot, 3));
            // s * m + c, truncated to 128 bits, column by column (limb k: products i + j = k)
            const Split p00 = product(s0, m0), p01 = product(s0, m1), p10 = product(s1, m0);
            const Split p02 = product(s0, m2), p11 = product(s1, m1), p20 = product(s2, m0);
            v128_t k0 = zero, k1 = zero, k2 = zero;
            v128_t r0 = p00.lo;
            ADD_CARRY(r0, c0, k0);
            v128_t r1 = p00.hi;
            ADD_CARRY(r1, p01.lo, k1), ADD_CARRY(r1, p10.lo, k1), ADD_CARRY(r1, c1, k1), ADD_CARRY(r1, k0, k1);
            v128_t r2 = p01.hi;
            ADD_CARRY(r2, p10.hi, k2), ADD_CARRY(r2, p02.lo, k2), ADD_CARRY(r2, p11.lo, k2);
            ADD_CARRY(r2, p20.lo, k2), ADD_CARRY(r2, c2, k2), ADD_CARRY(r2, k1, k2);
            const v128_t top = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(s0, m3), wasm_i32x4_mul(s1, m2)),
                                              wasm_i32x4_add(wasm_i32x4_mul(s2, m1), wasm_i32x4_mul(s3, m0)));
            const v128_t r3 = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_add(p02.hi, p11.hi), wasm_i32x4_add(p20.hi, c3)),
                                             wasm_i32x4_add(top, k2));
            v[4 * g] = r0, v[4 * g + 1] = r1, v[4 * g + 2] = r2, v[4 * g + 3] = r3;
        }
    }
}
#endif

}  // namespace

int main(int argc, char** argv) {
    const long blocks = argc > 1 ? std::atol(argv[1]) : 400000;
    // NumPy's multiplier; any odd increment
    const u128 m = (u128(0x2360ED051FC65DA4ull) << 64) | 0x4385DF649FCCF645ull;
    const u128 c = (u128(0x0012345678abcdefull) << 64) | 0xfedcba9876543211ull;
    u128 s[kLanes], check[kLanes];
    u64 sh[kLanes], sl[kLanes];
    for (int i = 0; i < kLanes; ++i) {
        s[i] = (u128(0x9e3779b97f4a7c15ull * u64(i + 1)) << 64) | (0xbf58476d1ce4e5b9ull * u64(i + 7));
        check[i] = s[i], sh[i] = u64(s[i] >> 64), sl[i] = u64(s[i]);
    }
#if defined(__wasm_simd128__)
    alignas(16) u32 limbs[kLanes][4];   // [4g + k][lane % 4]
    for (int i = 0; i < kLanes; ++i)
        for (int k = 0; k < 4; ++k) limbs[4 * (i / 4) + k][i % 4] = u32(s[i] >> (32 * k));
    v128_t v[kLanes];
    std::memcpy(v, limbs, sizeof v);
#endif
    static u64 want[kLanes * kSteps], got[kLanes * kSteps];
    for (int b = 0; b < 4000; ++b) {   // 10^6 draws each way, against the u128 loop
        fill_u128(check, m, c, want);
        fill_halves(sh, sl, m, c, got);
        if (std::memcmp(want, got, sizeof want) != 0) return std::printf("halves: bits differ in block %d\n", b), 1;
#if defined(__wasm_simd128__)
        fill_simd128(v, m, c, got);
        if (std::memcmp(want, got, sizeof want) != 0) return std::printf("simd128: bits differ in block %d\n", b), 1;
#endif
    }
    const char* names[] = {"u128", "halves", "simd128"};
#if defined(__wasm_simd128__)
    const int variants = 3;
#else
    const int variants = 2;
#endif
    u64 sink = 0;
    for (int round = 0; round < 3; ++round) {
        for (int variant = 0; variant < variants; ++variant) {
            const auto t0 = std::chrono::steady_clock::now();
            for (long b = 0; b < blocks; ++b) {
                if (variant == 0) fill_u128(s, m, c, got);
#if defined(__wasm_simd128__)
                else if (variant == 2) fill_simd128(v, m, c, got);
#endif
                else fill_halves(sh, sl, m, c, got);
                sink += got[b & 255];
            }
            const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::printf("%-8s %.2f ns per draw\n", names[variant], t * 1e9 / (double(blocks) * kLanes * kSteps));
        }
    }
    return sink == 42 ? 2 : 0;   // keeps the draws alive
}
