// The book's problems 12.1, 12.3, 12.4, 12.7 and 12.9 (UDL p. 239): their numbers and answers.
#include "homework/problems/book_problems.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/softmax.hpp"
#include "experiments/permutation.hpp"
#include "homework/problems/precision.hpp"
#include "homework/trust/splitmix64.hpp"
#include "host/host.hpp"

namespace attn::homework {

// ---- names -------------------------------------------------------------------------------------
bool is_book_problem(int problem) {
    return std::find(kBookProblems.begin(), kBookProblems.end(), problem) != kBookProblems.end();
}

std::string problem_table(int problem) {
    if (problem >= 100) return "book" + std::to_string(problem / 100) + "_" + std::to_string(problem % 100);
    return "hw" + std::to_string(problem);
}

std::string book_number(int problem) { return std::to_string(problem / 100) + "." + std::to_string(problem % 100); }

std::optional<int> parse_problem(const std::string& text) {
    if (text == "book") return kBookAll;
    for (int p = 1; p <= 3; ++p) {
        if (text == std::to_string(p) || text == problem_table(p)) return p;
    }
    for (int p : kBookProblems) {
        const std::string n = book_number(p);
        if (text == n || text == problem_table(p) || text == "book-" + n || text == "book" + n) return p;
    }
    return std::nullopt;
}

namespace {

// The bit of a problem in a set: the chapter's 1..3, then the book's in kBookProblems' order.
int set_bit(int problem) {
    if (problem >= 1 && problem <= 3) return problem - 1;
    for (std::size_t i = 0; i < kBookProblems.size(); ++i) {
        if (kBookProblems[i] == problem) return 3 + static_cast<int>(i);
    }
    return -1;
}

}  // namespace

int problem_set(const std::vector<int>& problems) {
    int set = kProblemSet;
    for (int p : problems) {
        if (p == kBookAll) {
            for (int b : kBookProblems) set |= 1 << set_bit(b);
        } else if (set_bit(p) >= 0) {
            set |= 1 << set_bit(p);
        }
    }
    return set;
}

bool problem_selected(int selection, int problem) {
    if (selection & kProblemSet) return set_bit(problem) >= 0 && (selection & (1 << set_bit(problem))) != 0;
    if (selection == 0) return problem >= 1 && problem <= 3;
    if (selection == kBookAll) return is_book_problem(problem);
    return selection == problem;
}

bool is_problem_key(const std::string& key) {
    const std::string table = key.substr(0, key.find('.'));
    for (int p = 1; p <= 3; ++p) {
        if (table == problem_table(p)) return true;
    }
    for (int p : kBookProblems) {
        if (table == problem_table(p)) return true;
    }
    return false;
}

bool in_unselected_problem(int selection, const std::string& key) {
    const std::string table = key.substr(0, key.find('.'));
    for (int p = 1; p <= 3; ++p) {
        if (table == problem_table(p)) return !problem_selected(selection, p);
    }
    for (int p : kBookProblems) {
        if (table == problem_table(p)) return !problem_selected(selection, p);
    }
    return false;
}

// ---- variants ----------------------------------------------------------------------------------
BookParams derive_book_params(const std::string& normalised_id, const std::string& secret) {
    const host::Digest mac = host::hmac_sha256(secret, std::string(kBookVariantDomain) + normalised_id);
    std::uint64_t start = 0;
    for (int i = 0; i < 8; ++i) start = (start << 8) | mac[static_cast<std::size_t>(i)];
    SplitMix64 mix{start};
    BookParams p;
    p.b1.d = mix.between(2, 16384);
    p.b1.n = mix.between(2, 4096);
    p.b3.seed = static_cast<std::uint64_t>(mix.between(1, 4294967295L));
    for (;;) {   // Fisher–Yates from the last place down; the identity would show nothing
        std::array<long, 5> perm = {0, 1, 2, 3, 4};
        for (long i = 4; i >= 1; --i) std::swap(perm[static_cast<std::size_t>(i)], perm[static_cast<std::size_t>(mix.between(0, i))]);
        if (perm != std::array<long, 5>{0, 1, 2, 3, 4}) {
            p.b3.perm = perm;
            break;
        }
    }
    const auto top = static_cast<std::size_t>(mix.between(0, 4));
    p.b4.z[top] = mix.between(60, 140);
    for (std::size_t i = 0; i < 5; ++i) {
        if (i != top) p.b4.z[i] = mix.between(-10, 10);
    }
    p.b7.n = mix.between(16, 16383);
    p.b7.d = mix.between(8, 8191);
    p.b9.rows = mix.between(2, 96);
    p.b9.cols = mix.between(2, 96);
    p.b9.channels = mix.between(16, 16383);
    return p;
}

// ---- 12.1 --------------------------------------------------------------------------------------
Book12_1Solution solve_book12_1(const Book12_1Params& params) {
    Book12_1Solution s;
    s.params = params;
    const std::int64_t d = params.d, n = params.n;
    s.qkv_weights = 3 * d * d;             // Ωq, Ωk, Ωv: (D, D) each         eq. 12.2
    s.qkv_biases = 3 * d;                  // βq, βk, βv: (D,) each
    s.qkv_params = s.qkv_weights + s.qkv_biases;
    s.attention_weights = n * n;           // a[x_m, x_n]: (N, N)             eq. 12.3
    s.fc_weights = (d * n) * (d * n);      // (DN, DN)
    s.fc_biases = d * n;                   // (DN,)
    s.fc_params = s.fc_weights + s.fc_biases;
    return s;
}

// ---- 12.3 --------------------------------------------------------------------------------------
Book12_3Solution solve_book12_3(const Book12_3Params& params) {
    Book12_3Solution s;
    s.params = params;
    experiments::PermutationOptions o;
    o.seed = rng::Seed(params.seed);
    o.d = s.d;
    o.n = s.n;
    o.dq = s.dq;
    o.perm.assign(params.perm.begin(), params.perm.end());
    o.perm_given = true;
    const auto r = experiments::run_permutation(o);   // the report of `attn permutation`
    s.equivariant = r.equivariant_plain;
    s.encoded_equivariant = r.equivariant_encoded;
    s.encoded_gap = 0;
    for (double g : r.first_column_gap.values) s.encoded_gap = std::max(s.encoded_gap, std::fabs(g));
    return s;
}

// ---- 12.4 --------------------------------------------------------------------------------------
Mat5 softmax_jacobian(const Vec5& y, bool careful) {
    Mat5 j{};
    for (std::size_t i = 0; i < 5; ++i) {
        for (std::size_t k = 0; k < 5; ++k) {
            if (i != k) {
                j[i][k] = -y[i] * y[k];                 // ∂y_i/∂z_k = −y_i y_k
                continue;
            }
            double one_minus = 1.0 - y[i];              // as written: 0 when y_i rounds to 1
            if (careful) {
                one_minus = 0.0;                        // 1 − y_i = Σ_{k≠i} y_k (Σ y = 1)
                for (std::size_t m = 0; m < 5; ++m) if (m != i) one_minus += y[m];
            }
            j[i][i] = y[i] * one_minus;                 // ∂y_i/∂z_i = y_i(1 − y_i)
        }
    }
    return j;
}

Book12_4Solution solve_book12_4(const Book12_4Params& params) {
    Book12_4Solution s;
    s.params = params;
    std::vector<double> z(5);
    for (std::size_t i = 0; i < 5; ++i) z[i] = static_cast<double>(params.z[i]);
    s.top = static_cast<std::size_t>(std::max_element(z.begin(), z.end()) - z.begin());
    const std::vector<double> y = core::softmax(z);     // exp(z − max z) / Σ    (5,)
    std::copy(y.begin(), y.end(), s.y.begin());
    s.jacobian = softmax_jacobian(s.y, true);
    s.jacobian_naive = softmax_jacobian(s.y, false);
    Vec5 printed{};
    for (std::size_t i = 0; i < 5; ++i) printed[i] = rounded_to(s.y[i], Precision::significant(kBook12_4Figures));
    s.jacobian_from_printed = softmax_jacobian(printed, true);
    s.one_minus_top_naive = 1.0 - s.y[s.top];
    s.one_minus_top = 0;
    for (std::size_t m = 0; m < 5; ++m) if (m != s.top) s.one_minus_top += s.y[m];

    // float32, the largest input subtracted first (without it exp(z_top) overflows: inf / inf).
    float zmax = static_cast<float>(z[s.top]);
    std::array<float, 5> e{};
    float sum = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        e[i] = std::exp(static_cast<float>(z[i]) - zmax);
        sum += e[i];
    }
    std::array<float, 5> y32{};
    for (std::size_t i = 0; i < 5; ++i) {
        y32[i] = e[i] / sum;
        s.y_float32[i] = y32[i];
        if (y32[i] < 1.17549435e-38f) ++s.float32_subnormal_y;
    }
    for (std::size_t i = 0; i < 5; ++i) {
        for (std::size_t k = 0; k < 5; ++k) {
            const float delta = i == k ? 1.0f : 0.0f;
            const float v = y32[i] * (delta - y32[k]);
            s.jacobian_float32[i][k] = v;
            if (v == 0.0f) ++s.float32_zero_entries;
        }
    }
    float unshifted_sum = 0;
    for (std::size_t i = 0; i < 5; ++i) unshifted_sum += std::exp(static_cast<float>(z[i]));
    s.float32_unshifted_nan = std::isnan(std::exp(static_cast<float>(z[s.top])) / unshifted_sum);

    for (std::size_t i = 0; i < 5; ++i) {
        for (std::size_t k = 0; k < 5; ++k) {
            const bool diagonal = i == k;
            s.sign_flipped[i][k] = diagonal ? s.jacobian[i][k] : s.y[i] * s.y[k];
            s.diagonal_only[i][k] = diagonal ? s.jacobian[i][k] : 0.0;
            double one_minus = 0.0;                      // 1 − y_k, carefully
            for (std::size_t m = 0; m < 5; ++m) if (m != k) one_minus += s.y[m];
            s.one_minus_yj[i][k] = s.y[i] * one_minus;
        }
    }
    s.conclusion = 2;
    return s;
}

// ---- 12.7 --------------------------------------------------------------------------------------
Book12_7Solution solve_book12_7(const Book12_7Params& params) {
    Book12_7Solution s;
    s.params = params;
    const std::int64_t d = params.d, n = params.n;
    s.projections = 3 * d * d;       // q, k, v = Ω x_{N+1}: (D, D)·(D,) three times
    s.scores = (n + 1) * d;          // k_m · q for m = 1..N+1: (N+1) dot products of length D
    s.weighting = (n + 1) * d;       // Σ_m a_m v_m: (N+1) values of length D
    s.total = s.projections + s.scores + s.weighting;
    s.recompute_all = 3 * d * d * (n + 1) + 2 * d * (n + 1) * (n + 1);
    s.forgot_own = 3 * d * d + 2 * d * n;
    s.reprojected = d * d + 2 * d * d * (n + 1) + 2 * d * (n + 1);
    return s;
}

// ---- 12.9 --------------------------------------------------------------------------------------
Book12_9Solution solve_book12_9(const Book12_9Params& params) {
    Book12_9Solution s;
    s.params = params;
    const std::int64_t p = params.rows * params.cols, c = params.channels;
    s.patches = p;
    s.spatial_scores_only = p * p * c;   // Kᵀ Q with P tokens of length C: (P, P), C each
    s.channel_scores_only = c * c * p;   // the same on the transpose: (C, C), P each
    s.spatial = 2 * s.spatial_scores_only;   // + the weighted sum V A: P·P·C
    s.channel = 2 * s.channel_scores_only;
    s.ratio = static_cast<double>(s.spatial) / static_cast<double>(s.channel);
    return s;
}

BookSolutions solve_book(const BookParams& params) {
    return {solve_book12_1(params.b1), solve_book12_3(params.b3), solve_book12_4(params.b4),
            solve_book12_7(params.b7), solve_book12_9(params.b9)};
}

}  // namespace attn::homework
