// Benchmark check (not a ctest: it takes seconds and needs NumPy): reads float64 values from
// stdin, as NumPy's default_rng(seed).normal(loc, scale, ...) wrote them, and compares them bit
// for bit with attn's generator drawing the same stream in calls of varied sizes (1 .. 100003,
// so both the one-step path and the interleaved-lane block path, and every block edge, are
// used). Run by bench/normals_vs_numpy.sh; prints the count compared and any mismatch.
//   normals_vs_numpy SEED LOC SCALE COUNT  < raw little-endian float64
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "rng/numpy_generator.hpp"

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: normals_vs_numpy SEED LOC SCALE COUNT < float64 stream\n");
        return 2;
    }
    attn::rng::NumpyGenerator g{std::string(argv[1])};
    const double loc = std::strtod(argv[2], nullptr), scale = std::strtod(argv[3], nullptr);
    const std::uint64_t count = std::strtoull(argv[4], nullptr, 10);
    static const std::size_t sizes[] = {1, 63, 64, 65, 255, 256, 257, 2000, 4099, 100003, 7, 20};
    std::vector<double> ours(100003), theirs(100003);
    std::uint64_t done = 0, mismatches = 0, first = 0;
    for (std::size_t call = 0; done < count; ++call) {
        std::size_t n = sizes[call % (sizeof sizes / sizeof sizes[0])];
        if (n > count - done) n = static_cast<std::size_t>(count - done);
        g.normal(loc, scale, ours.data(), n);
        if (std::fread(theirs.data(), sizeof(double), n, stdin) != n) {
            std::fprintf(stderr, "normals_vs_numpy: NumPy's stream ended after %llu values\n",
                         static_cast<unsigned long long>(done));
            return 1;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (std::memcmp(&ours[i], &theirs[i], sizeof(double)) != 0) {
                if (mismatches++ == 0) first = done + i;
            }
        }
        done += n;
    }
    std::printf("seed %s loc %s scale %s: %llu normals compared by bit pattern, %llu mismatches",
                argv[1], argv[2], argv[3], static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(mismatches));
    if (mismatches) std::printf(" (first at %llu)", static_cast<unsigned long long>(first));
    std::printf("\n");
    return mismatches == 0 ? 0 : 1;
}
