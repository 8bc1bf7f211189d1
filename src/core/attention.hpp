#pragma once
// Self-attention as chapter 12 writes it (section 3, 三、比重從哪裡來):
//   X is (D, N), columns are positions;  Q = Ωq X + βq 1ᵀ,  K = Ωk X + βk 1ᵀ,  V = Ωv X + βv 1ᵀ;
//   S = Kᵀ Q / sqrt(Dq)  (N, N), S(m, n) = k_m · q_n / sqrt(Dq);
//   A = softmax down each column of S (每一欄加起來是 1);   Y = V A  (D, N).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <functional>
#include <vector>

#include "core/matrix.hpp"

namespace attn::core {

// The parameters of one attention head. Biases are (rows, 1) columns; an absent bias means the
// chapter's "no biases" variant (section 4, permutation).
struct HeadWeights {
    Matrix omega_q, omega_k, omega_v;                 // (Dq, D), (Dq, D), (Dv, D)
    std::optional<Matrix> beta_q, beta_k, beta_v;     // (Dq, 1), (Dq, 1), (Dv, 1)
};

// Everything one pass of self-attention computes, for the experiments to report.
struct AttentionPass {
    Matrix q, k, v;      // (Dq, N), (Dq, N), (Dv, N)
    Matrix scores;       // S = KᵀQ / sqrt(Dq), masked entries -inf      (N, N), Keep::all only
    Matrix weights;      // A = softmax_cols(S)                            (N, N)
    Matrix output;       // Y = V A                                        (Dv, N), not with Keep::scores_and_weights
    // Scalar multiplications of the matrix products just run (Q, K, V, KᵀQ, VA; without V and
    // VA for Keep::scores_and_weights), counted from the shapes (head_multiplications).
    std::int64_t multiplications = 0;
};

// The scalar multiplications of one head's pass over N positions of width D, with query/key
// width Dq and value width Dv: Q and K (Dq×D×N each), V (Dv×D×N), KᵀQ (N×Dq×N), V A (Dv×N×N).
// Dv = 0 counts a pass that computes no V and no Y.
std::int64_t head_multiplications(std::size_t d, std::size_t n, std::size_t dq, std::size_t dv);

// Ω X + β 1ᵀ: a linear map of every column (position) of X, plus the bias broadcast along rows.
Matrix project(const Matrix& omega, const Matrix& x, const std::optional<Matrix>& beta);

// softmax down each column (section 3): A(m, n) = exp(S(m, n) - max_m S) / Σ_m exp(...).
// The column max is subtracted for stability only; -inf entries (masked) get weight 0.
Matrix softmax_cols(const Matrix& s);

// The causal mask of section 6 (六、遮罩): allowed(m, n) = m <= n (input m may feed output n).
std::vector<bool> causal_mask(std::size_t n);
// np.where(mask, S, -inf): masking goes before the softmax so each column still sums to 1.
Matrix apply_mask(const Matrix& s, const std::vector<bool>& allowed);

// What a pass keeps for its caller: everything; or only A and Y (the weights overwrite the
// scores: one N×N instead of two); or only Y (q, k, v, scores and weights left empty); or only
// Q, K, S and A, when no output shows Y: then V and Y = V A (D·N·(D + N) multiply-adds) are
// not computed at all, and v and output stay empty.
enum class Keep { all, weights_and_output, output, scores_and_weights };

// One full pass: Q, K, V, S = KᵀQ/sqrt(Dq) (optionally masked), A, Y = V A.
AttentionPass self_attention(const HeadWeights& w, const Matrix& x,
                             const std::vector<bool>* mask = nullptr, Keep keep = Keep::all);

// Where a pass writes S, A and Y when its caller keeps them in buffers of its own (C order: S and
// A (N, N), Y (Dv, N); a report's arrays): each is written where it is kept, never copied there
// afterwards (a copy is a second N×N of fresh pages and a pass over it). output null: no V and
// no Y = V A are computed (Keep::scores_and_weights).
struct PassBuffers {
    double* scores = nullptr;    // S = KᵀQ / sqrt(Dq)        (N, N)
    double* weights = nullptr;   // A = softmax_cols(S)        (N, N)
    double* output = nullptr;    // Y = V A                    (Dv, N), or null
};
// The unmasked pass of self_attention into `into`: the same products and passes, so the same
// bits. The pass returned holds Q, K, V and the count; its scores, weights and output stay empty.
AttentionPass self_attention_into(const HeadWeights& w, const Matrix& x, const PassBuffers& into);

// Multi-head self-attention (section 5): every head is a self_attention pass without biases; the
// heads' outputs are stacked (vstack) and mixed by Ωc (D, D).  Y = Ωc [Y_1; …; Y_H]  (D, N).
struct MultiheadPass {
    Matrix output;                      // (D, N)
    std::int64_t parameters = 0;        // entries of every Ω, counted as they are used
    std::int64_t multiplications = 0;   // every product run, heads and the Ωc mix
    std::vector<Matrix> head_weights;   // each head's A (N, N), in head order, when asked for
};
// What a multi-head pass computes for its caller: Y only (each head's A lives in one reused N×N);
// Y and a copy of each head's A; or each head's A only (no V, no V A, no Ωc mix; output empty,
// and the counts are those of the products run).
enum class HeadsKeep { output, output_and_weights, weights };
// `after_head`, when given, is called after each head's pass (a long run's progress).
MultiheadPass multihead_attention(const Matrix& x, const std::vector<HeadWeights>& heads,
                                  const Matrix& omega_c, HeadsKeep keep = HeadsKeep::output,
                                  const std::function<void()>& after_head = nullptr);

// What multihead_attention counts, from the shapes alone (H heads of width D/H over N positions
// of width D, then Ωc (D, D)): the section-5 table needs no head's values, so a run that shows
// only the counts draws and multiplies nothing. output is left empty.
MultiheadPass multihead_counts(std::size_t d, std::size_t n, std::size_t heads);

// Sinusoidal positional encoding with base `base` (section 4; the chapter uses 100):
// P(i, n) = sin(n / base^(2*(i//2)/D)) for even i, cos(...) for odd i.  (D, N)
Matrix sinusoidal_encoding(std::size_t d, std::size_t n, double base);

}  // namespace attn::core
