// attn's np.exp (src/core/numpy_exp.hpp) against NumPy's on this CPU, bit for bit: run by
// bench/exp_vs_numpy.sh. `exp_vs_numpy args SEED COUNT` writes COUNT arguments (little-endian
// doubles) to stdout; `exp_vs_numpy check` reads chunks of (2^20 arguments, NumPy's 2^20
// results) from stdin and compares each with numpy_exp (the kernel src/cpu's level chooses) and with
// svml_exp_scalar, counting mismatches by kind of argument.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/float_bits.hpp"
#include "core/numpy_exp.hpp"

namespace {

using attn::core::bits_of;
using attn::core::double_from_bits;

constexpr std::size_t kChunk = std::size_t{1} << 20;

struct SplitMix {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform(double lo, double hi) { return lo + (hi - lo) * (double(next() >> 11) * 0x1p-53); }
};

// The kinds of argument, in turn: any bit pattern; |x| < 1 (any exponent below 0); the
// softmax's range [-750, 0]; around overflow [700, 715]; around the subnormal results and
// underflow [-760, -700]; [-40, 40]; the thresholds and the reduction's boundaries k·ln2/16,
// each ± a few ulps; ±0, ±inf, NaNs with payloads, subnormal and tiny arguments.
constexpr int kKinds = 8;
const char* const kKindNames[kKinds] = {"bits", "|x|<1", "[-750,0]", "[700,715]", "[-760,-700]",
                                        "[-40,40]", "boundaries", "specials"};

double ulps_from(double x, std::int64_t k) {
    return double_from_bits(bits_of(x) + static_cast<std::uint64_t>(k));
}

double argument(SplitMix& g, int kind) {
    switch (kind) {
    case 0: return double_from_bits(g.next());
    case 1: {
        const std::uint64_t sign = g.next() & 0x8000000000000000ULL;
        const std::uint64_t exponent = g.next() % 1023;   // below 1023: |x| < 1
        return double_from_bits(sign | (exponent << 52) | (g.next() & 0x000fffffffffffffULL));
    }
    case 2: return g.uniform(-750.0, 0.0);
    case 3: return g.uniform(700.0, 715.0);
    case 4: return g.uniform(-760.0, -700.0);
    case 5: return g.uniform(-40.0, 40.0);
    case 6: {
        static const double edges[] = {0x1.61da04cbafe44p+9, -0x1.61da04cbafe44p+9, 0x1.62e42fefa39efp+9,
                                       -0x1.6232bdd7abcd2p+9, -0x1.74910d52d3051p+9, -0x1.74385446d71c3p+9,
                                       -0x1.6232bdd7abcd2p+9 - 0.5, 0x1p-54, -0x1p-54, 0x1p-1022};
        const std::int64_t k = static_cast<std::int64_t>(g.next() % 64) - 32;
        if (g.next() % 4 == 0) return ulps_from(edges[g.next() % 10], k);
        // x = m·ln2/16 (m over the whole finite range), where N's truncation changes.
        const double m = static_cast<double>(static_cast<std::int64_t>(g.next() % 32768) - 17200);
        return ulps_from(m * 0x1.62e42fefa39efp-5, k);
    }
    default: {
        const std::uint64_t pick = g.next() % 8;
        const std::uint64_t sign = (g.next() & 1) << 63;
        if (pick == 0) return double_from_bits(sign);                                // ±0
        if (pick == 1) return double_from_bits(sign | 0x7ff0000000000000ULL);        // ±inf
        if (pick == 2 || pick == 3)                                                       // NaNs
            return double_from_bits(sign | 0x7ff0000000000000ULL | (g.next() & 0x000fffffffffffffULL) | 1);
        if (pick == 4) return double_from_bits(sign | (g.next() & 0x000fffffffffffffULL));   // subnormal
        return double_from_bits(sign | ((g.next() % 64 + 900) << 52) | (g.next() & 0x000fffffffffffffULL));
    }
    }
}

int write_arguments(std::uint64_t seed, std::uint64_t count) {
    SplitMix g{seed};
    std::vector<double> buf(kChunk);
    std::uint64_t at = 0;
    while (at < count) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, count - at));
        for (std::size_t i = 0; i < n; ++i) buf[i] = argument(g, static_cast<int>((at + i) % kKinds));
        if (std::fwrite(buf.data(), sizeof(double), n, stdout) != n) return 1;
        at += n;
    }
    return 0;
}

int check() {
    std::vector<double> args(kChunk), numpy(kChunk), ours(kChunk);
    std::uint64_t seen = 0, bad_kernel = 0, bad_scalar = 0, per_kind[kKinds] = {}, shown = 0;
    for (;;) {
        std::uint64_t count = 0;
        if (std::fread(&count, sizeof count, 1, stdin) != 1) break;
        const std::size_t n = static_cast<std::size_t>(count);
        if (n > kChunk || std::fread(args.data(), sizeof(double), n, stdin) != n ||
            std::fread(numpy.data(), sizeof(double), n, stdin) != n) {
            std::fprintf(stderr, "exp_vs_numpy: short read of NumPy's results\n");
            return 2;
        }
        attn::core::numpy_exp(args.data(), ours.data(), n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto want = bits_of(numpy[i]);
            const bool k_bad = bits_of(ours[i]) != want;
            const bool s_bad = bits_of(attn::core::svml_exp_scalar(args[i])) != want;
            bad_kernel += k_bad;
            bad_scalar += s_bad;
            if (k_bad || s_bad) {
                ++per_kind[(seen + i) % kKinds];
                if (shown++ < 10)
                    std::fprintf(stderr, "x=%a numpy=%a ours=%a scalar=%a\n", args[i], numpy[i], ours[i],
                                 attn::core::svml_exp_scalar(args[i]));
            }
        }
        seen += n;
    }
    std::printf("%llu arguments, kernel %s: %llu mismatches; scalar definition: %llu mismatches",
                (unsigned long long)seen, attn::core::numpy_exp_kernel(), (unsigned long long)bad_kernel,
                (unsigned long long)bad_scalar);
    for (int k = 0; k < kKinds; ++k)
        if (per_kind[k]) std::printf(" [%s: %llu]", kKindNames[k], (unsigned long long)per_kind[k]);
    std::printf("\n");
    return (bad_kernel || bad_scalar) ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "args") == 0)
        return write_arguments(std::strtoull(argv[2], nullptr, 10), std::strtoull(argv[3], nullptr, 10));
    if (argc == 2 && std::strcmp(argv[1], "check") == 0) return check();
    std::fprintf(stderr, "usage: exp_vs_numpy args SEED COUNT | exp_vs_numpy check\n");
    return 2;
}
