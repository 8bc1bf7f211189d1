#pragma once
// The book's own problems for chapter 12 (Understanding Deep Learning, p. 239) that a machine can
// check: 12.1 (counting parameters and attention weights), 12.3 (permutation equivariance, as a
// numeric check the student reports), 12.4 (the softmax Jacobian at a saturated input), 12.7 (the
// extra work of one more token with a key/value cache) and 12.9 (attention between patches or
// between channels, as in DaViT). Every number is computed here, by the core where the core has
// the operation (softmax, `attn permutation`); plain data out, for the key, the sheets, the worked
// solutions and the grader.
//
// Each problem has an id 100·chapter + number (12.4 -> 1204), beside the chapter's homework 1..3;
// its sheet table is "book12_4" (a TOML bare key: "12.4" would be a dotted key).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn::homework {

inline constexpr int kBook12_1 = 1201, kBook12_3 = 1203, kBook12_4 = 1204, kBook12_7 = 1207, kBook12_9 = 1209;
inline constexpr std::array<int, 5> kBookProblems = {kBook12_1, kBook12_3, kBook12_4, kBook12_7, kBook12_9};
// `book` on the command line: all five of the book's problems.
inline constexpr int kBookAll = 1200;

bool is_book_problem(int problem);
// The sheet's table of a problem: "hw1".."hw3", "book12_1".."book12_9".
std::string problem_table(int problem);
// The book's number: "12.4".
std::string book_number(int problem);
// A problem as typed on the command line or in a course file: "1".."3", "hw1".."hw3", "12.4",
// "book12_4", "book-12.4" -> its id, "book" -> kBookAll; nullopt for anything else.
std::optional<int> parse_problem(const std::string& text);
// Whether a selection (0: the chapter's three; 1..3; a book problem; kBookAll; a set made by
// problem_set) sets `problem`.
bool problem_selected(int selection, int problem);
// A selection of several problems (a course file's `problems = ["hw1", "book12_4"]`): one bit per
// problem above kProblemSet; kBookAll in `problems` stands for the book's five.
inline constexpr int kProblemSet = 1 << 24;
int problem_set(const std::vector<int>& problems);
// Whether a sheet key belongs to a problem's table ("book12_4.b.dy1" to book12_4).
bool is_problem_key(const std::string& key);
// Whether it belongs to the table of a problem the selection does not set (graded another time:
// neither an answer nor an unknown key now).
bool in_unselected_problem(int selection, const std::string& key);

// ---- the numbers each problem is posed with (defaults: the book's, where the book gives them) ---
// 12.1: N inputs of length D; queries, keys and values of length D. The book gives no numbers;
// the default is the chapter's section-3 shape (D = 6, N = 5).
struct Book12_1Params { long n = 5, d = 6; };
// 12.3: X (D = 6, N = 5) from `attn permutation --seed seed`, permuted by `perm` (0-based).
struct Book12_3Params {
    std::uint64_t seed = 0;
    std::array<long, 5> perm = {2, 0, 4, 1, 3};
};
// 12.4: the five inputs of the softmax; the book's z = (-3, 1, 100, 5, -1).
struct Book12_4Params { std::array<long, 5> z = {-3, 1, 100, 5, -1}; };
// 12.7: N tokens already processed (their keys and values cached), width D.
struct Book12_7Params { long n = 40, d = 48; };
// 12.9: a rows × cols grid of patches with `channels` channels each; the book's 16 × 16, 512.
struct Book12_9Params { long rows = 16, cols = 16, channels = 512; };

struct BookParams {
    Book12_1Params b1;
    Book12_3Params b3;
    Book12_4Params b4;
    Book12_7Params b7;
    Book12_9Params b9;
};

// The book problems' numbers for a normalised student ID: the same keyed derivation as the
// chapter's problems (HMAC-SHA256(secret, domain + ID), its first 8 bytes big-endian starting a
// SplitMix64 stream), under their own domain, so that adding them changed no student's numbers for
// the chapter's three. Drawn in the order 12.1, 12.3, 12.4, 12.7, 12.9:
//   12.1: D in 2..16384, N in 2..4096                        (6.7e7 sets)
//   12.3: seed in 1..2^32-1, a permutation of 5 other than the identity
//   12.4: the large input's place 1..5 and value 60..140, the other four in -10..10  (7.9e7 sets)
//   12.7: N in 16..16383, D in 8..8191                        (1.3e8 sets)
//   12.9: rows and cols in 2..96, channels in 16..16383       (1.5e8 sets)
// so that P(two of 1 000 students share a problem's numbers) < 1 % (measured: docs/homework.md).
inline constexpr const char* kBookVariantDomain = "attn homework book variant v1\n";
BookParams derive_book_params(const std::string& normalised_id, const std::string& secret);

// ---- 12.1 --------------------------------------------------------------------------------------
struct Book12_1Solution {
    Book12_1Params params;
    std::int64_t qkv_weights = 0, qkv_biases = 0, qkv_params = 0;   // 3D², 3D, 3D² + 3D
    std::int64_t attention_weights = 0;                            // N²: a[n, m] for every pair
    std::int64_t fc_weights = 0, fc_biases = 0, fc_params = 0;     // (DN)², DN, (DN)² + DN
};
Book12_1Solution solve_book12_1(const Book12_1Params& params);

// ---- 12.3 --------------------------------------------------------------------------------------
struct Book12_3Solution {
    Book12_3Params params;
    long d = 6, n = 5, dq = 4;       // `attn permutation`'s shape
    bool equivariant = false;        // np.allclose(Sa[XP], Sa[X]P)
    bool encoded_equivariant = false;   // the same with a positional encoding added
    double encoded_gap = 0;          // the largest |Sa[XP + E] - Sa[X + E]P| of the first column
};
Book12_3Solution solve_book12_3(const Book12_3Params& params);

// ---- 12.4 --------------------------------------------------------------------------------------
// 12.4 asks for y and the Jacobian at this many significant figures.
inline constexpr int kBook12_4Figures = 3;

using Vec5 = std::array<double, 5>;
using Mat5 = std::array<Vec5, 5>;

// ∂y_i/∂z_j = y_i(δ_ij − y_j) from y. `careful`: 1 − y_i as the sum of the other y's (exact in
// arithmetic, and no cancellation when y_i is 1 to the last bit); otherwise 1 − y_i as written.
Mat5 softmax_jacobian(const Vec5& y, bool careful);

struct Book12_4Solution {
    Book12_4Params params;
    std::size_t top = 2;     // 0-based index of the largest input
    Vec5 y{};                // softmax(z) by the core (the largest input subtracted first)
    Mat5 jacobian{};         // careful: 1 − y_i as the sum of the others
    // The Jacobian as a student works it from y written at kBook12_4Figures significant figures,
    // 1 − y_i as the sum of the others: the honest route of (b) from (a) as printed.
    Mat5 jacobian_from_printed{};
    // What went wrong in floating point (the lesson of the problem):
    double one_minus_top_naive = 0;    // 1 − y_top in float64: 0
    double one_minus_top = 0;          // the sum of the others: ≈ e^(z_2nd − z_top)
    Mat5 jacobian_naive{};             // 1 − y_i as written: the top diagonal entry is 0
    Vec5 y_float32{};                  // softmax in float32 (largest subtracted): below 1.2e-38 subnormal
    Mat5 jacobian_float32{};           // y_i(δ_ij − y_j) in float32: products of two small y's are 0
    bool float32_unshifted_nan = false;   // exp(z) in float32 without subtracting the largest: inf/inf
    int float32_zero_entries = 0;      // entries of jacobian_float32 that are 0
    int float32_subnormal_y = 0;       // y's in float32's subnormal range (or 0)
    // The mistakes.
    Mat5 sign_flipped{};               // +y_i y_j off the diagonal
    Mat5 diagonal_only{};              // y_i(1 − y_i) on the diagonal, 0 elsewhere
    Mat5 one_minus_yj{};               // y_i(1 − y_j) for every entry
    int conclusion = 2;                // the right choice (1..4): saturation, every derivative vanishes
};
Book12_4Solution solve_book12_4(const Book12_4Params& params);

// ---- 12.7 --------------------------------------------------------------------------------------
// One more token after N with the keys and values of the N cached: multiplications only (biases,
// exponentials and the division of the softmax are not multiplications of the counted kind).
struct Book12_7Solution {
    Book12_7Params params;
    std::int64_t projections = 0;   // q, k, v of the new token: 3 · D·D                      3D²
    std::int64_t scores = 0;        // its query with N + 1 keys (the cached N and its own)    (N+1)D
    std::int64_t weighting = 0;     // the weighted sum of N + 1 values                         (N+1)D
    std::int64_t total = 0;         // 3D² + 2D(N + 1)
    // The mistakes.
    std::int64_t recompute_all = 0;    // every row again for N + 1 tokens: 3D²(N+1) + 2D(N+1)²
    std::int64_t forgot_own = 0;       // the new token's own key and value left out: 3D² + 2DN
    std::int64_t reprojected = 0;      // keys and values of the cached tokens projected again
};
Book12_7Solution solve_book12_7(const Book12_7Params& params);

// ---- 12.9 --------------------------------------------------------------------------------------
// Counting the attention itself (the projections cost 3C²P in both and are left out): P patches
// (tokens) of C channels; between patches, scores P·P·C and the weighted sum P·P·C; between
// channels (the transposed problem), C·C·P each.
struct Book12_9Solution {
    Book12_9Params params;
    std::int64_t patches = 0;          // P = rows · cols
    std::int64_t spatial = 0;          // 2P²C
    std::int64_t channel = 0;          // 2C²P
    double ratio = 0;                  // spatial / channel = P / C
    std::int64_t spatial_scores_only = 0, channel_scores_only = 0;   // P²C, C²P (the mistake)
};
Book12_9Solution solve_book12_9(const Book12_9Params& params);

struct BookSolutions {
    Book12_1Solution b1;
    Book12_3Solution b3;
    Book12_4Solution b4;
    Book12_7Solution b7;
    Book12_9Solution b9;
};
BookSolutions solve_book(const BookParams& params);

}  // namespace attn::homework
