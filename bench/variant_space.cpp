// How large each homework problem's number space is in practice (issue 17, point 2): derive the
// variants of N IDs (default 10^6, without a secret: the keyed ones come from the same draws),
// count the distinct number sets per problem and the pairs of IDs that share one, and give the
// birthday bound for a class of 1 000: P(any two share) ≈ 1 − exp(−C(1000,2) · Σp²), with Σp²
// estimated by shared pairs / C(N,2) (and bounded by 1/N² per pair when none is seen).
//   build/variant_space [N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "homework/problems/variant.hpp"

using namespace attn::homework;

int main(int argc, char** argv) {
    const long n = argc > 1 ? std::atol(argv[1]) : 1000000;
    std::unordered_map<std::string, long> sets[3];
    for (long i = 0; i < n; ++i) {
        const Variant v = derive_variant("student-" + std::to_string(i));
        const auto& k = v.p1.keys;
        sets[0][std::to_string(k[0][0]) + "," + std::to_string(k[0][1]) + "," + std::to_string(k[1][0]) + "," +
                std::to_string(k[1][1]) + "," + std::to_string(k[2][0]) + "," + std::to_string(k[2][1]) + "|" +
                std::to_string(v.p1.query[0]) + "," + std::to_string(v.p1.query[1]) + "|" + std::to_string(v.p1.scale)]++;
        sets[1][v.p2.seed.decimal() + "|" + std::to_string(v.p2.column)]++;
        sets[2][std::to_string(v.p3.d) + "|" + std::to_string(v.p3.n_short) + "|" + std::to_string(v.p3.n_long)]++;
    }
    const double pairs_n = 0.5 * static_cast<double>(n) * static_cast<double>(n - 1);
    const double pairs_class = 0.5 * 1000.0 * 999.0;
    for (int p = 0; p < 3; ++p) {
        double shared = 0;
        for (const auto& [set, count] : sets[p]) shared += 0.5 * static_cast<double>(count) * static_cast<double>(count - 1);
        const double sum_p2 = shared / pairs_n;
        std::printf("problem %d: %ld IDs, %zu distinct sets, %.0f pairs share a set; sum p^2 ~ %.3g; "
                    "P(two of 1000 share) ~ %.4f%%\n",
                    p + 1, n, sets[p].size(), shared, sum_p2, 100.0 * (1.0 - std::exp(-pairs_class * sum_p2)));
    }
    return 0;
}
