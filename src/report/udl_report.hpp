#pragma once
// What `attn udl` computes: the UDL notebooks 12.1 (self-attention from scratch) and 12.2
// (multi-head self-attention), and the diagnosis of a student's printed X'. Rendered by
// render/udl_text.
#include <cstddef>
#include <string>
#include <vector>

#include "report/array.hpp"

namespace attn::report {

// "Permuting the columns of X by [1 2 0] permutes the columns of X' the same way: True"
struct UdlPermutation {
    std::vector<long> perm;    // [1, 2, …, N-1, 0]
    bool same = false;         // np.allclose(f(X[:, perm]), f(X)[:, perm])
};

// Notebook 12.1, in the order its cells print.
struct Udl121 {
    std::vector<Array> inputs;                  // x_n, (D, 1) each: print(all_x)
    std::vector<std::vector<Array>> attentions; // per output n: a_nm as (1, 1) arrays
    std::vector<Array> x_prime;                 // x'_n transposed, (1, D) each
    Array x_prime_matrix;                       // matrix form, unscaled: (D, N)
    Array scaled_attention;                     // softmax_cols(KᵀQ / sqrt(D)): (N, N)
    Array x_prime_scaled;                       // V times that attention: (D, N)
    UdlPermutation permutation;
};

// Notebook 12.2 (or one of its common wrong solutions).
struct Udl122 {
    Array x;                 // (D, N)
    std::string mistake;     // "" for the right answer, else the mistake's name
    Array x_prime;           // (D, N), printed with precision 3
    std::vector<Array> head_attentions;   // per head, its attention softmax(KᵀQ·scale) (N, N),
                                          // as the mistake (if any) computed it; not printed
    UdlPermutation permutation;
};

struct UdlReport {
    std::string notebook;    // "12.1" or "12.2"; only that part is filled
    Udl121 nb121;
    Udl122 nb122;
};

// `attn udl 12.2 --diagnose`: which computation a printed X' comes from.
struct UdlDiagnosis {
    std::size_t rows = 0, cols = 0;  // D, N
    std::string match;               // "right", a mistake's name, or "" for no match
    std::string explanation;         // the mistake's one sentence (empty otherwise)
    bool differs = false;            // an element differs from the right answer
    std::size_t row = 0, col = 0;    // the first such element, 0-based, C order
    std::string yours;               // that element as the student printed it
    double right = 0.0;              // the right answer's value there
    int decimals = 3;                // decimals to show `right` and the difference with
    double difference = 0.0;         // yours - right
};

}  // namespace attn::report
