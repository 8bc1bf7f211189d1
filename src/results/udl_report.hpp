#pragma once
// What `attn udl` computes: the UDL notebooks 12.1 (self-attention from scratch), 12.2
// (multi-head self-attention) and 12.3 (tokenization, byte-pair encoding), and the diagnoses of
// a student's printed X' (12.2) or final tokens and vocabulary (12.3). Rendered by
// render/udl_text.
#include <cstddef>
#include <string>
#include <vector>

#include "results/array.hpp"

namespace attn::results {

// The notebook a run replays; its name ("12.1" …) has one owner, udl_notebook_name.
enum class UdlNotebook { nb12_1, nb12_2, nb12_3 };
inline const char* udl_notebook_name(UdlNotebook n) {
    switch (n) {
        case UdlNotebook::nb12_1: return "12.1";
        case UdlNotebook::nb12_2: return "12.2";
        case UdlNotebook::nb12_3: return "12.3";
    }
    return "";
}

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

// Notebook 12.3: a dict of the notebook as (key, value) in insertion order.
struct UdlCount {
    std::string key;   // a word's tokens joined by " ", or one token
    long count = 0;
};
struct UdlPair {
    std::string first, second;   // a pair of adjacent tokens, the notebook's tuple
    long count = 0;              // summed over the words (0 where only the pair is meant)
};

// Notebook 12.3 (or one of its common wrong tokenize()s), in the order its cells print.
struct Udl123 {
    std::string text;                  // the text tokenized (the rhyme unless --text)
    long merges = 0;                   // tokenize(text, num_merges=merges)
    std::string mistake;               // "" for the right tokenize(), else the mistake's name
    std::vector<UdlCount> vocabulary;  // initialize_vocabulary(text), a defaultdict
    std::vector<UdlCount> tokens;      // its tokens and frequencies, a defaultdict
    std::vector<UdlPair> pairs;        // its pairs and counts, a defaultdict
    UdlPair first_merge;               // the pair the cell merges by hand
    std::vector<UdlCount> merged_vocabulary;   // after that merge, a plain dict
    std::vector<UdlCount> merged_tokens;       // its tokens, a defaultdict
    std::vector<UdlPair> chosen;               // tokenize(): each merge's "Most frequent pair"
    std::vector<UdlCount> final_tokens;        // tokenize()'s tokens, a defaultdict
    std::vector<UdlCount> final_vocabulary;    // tokenize()'s vocab
    bool final_vocabulary_defaultdict = false; // no merge: still initialize_vocabulary's defaultdict
    std::vector<long> token_counts;   // distinct tokens after 0, 1, …, merges merges (figure 12.8)
    // The tokens after 0, 1, 2 and `merges` merges (those ≤ merges), for the picture: the
    // corrected figure 12.8's panels (a)–(c) are the first three.
    struct State {
        long merges = 0;
        std::vector<UdlCount> tokens;
    };
    std::vector<State> states;
};

struct UdlReport {
    UdlNotebook notebook = UdlNotebook::nb12_1;   // only that notebook's part is filled
    Udl121 nb121;
    Udl122 nb122;
    Udl123 nb123;
};

// `attn udl 12.2 --diagnose`: which computation a printed X' comes from.
struct UdlDiagnosis {
    std::size_t rows = 0, cols = 0;  // D, N
    std::string match;               // "right", a mistake's name, or "" for no match
    std::string explanation;         // the mistake's one sentence (empty otherwise)
    std::vector<std::string> mistakes;   // the mistakes tried, in order
    bool differs = false;            // an element differs from the right answer
    std::size_t row = 0, col = 0;    // the first such element, 0-based, C order
    std::string yours;               // that element as the student printed it
    double right = 0.0;              // the right answer's value there
    int decimals = 3;                // decimals to show `right` and the difference with
    double difference = 0.0;         // yours - right
};

// `attn udl 12.3 --diagnose`: which tokenize() printed a student's final lines.
struct UdlTokenizeDiagnosis {
    long merges = 0;                 // the merges the flags ask for
    std::string match;               // "right", a mistake's name, or "" for no match
    std::string explanation;         // the mistake's one sentence (empty otherwise)
    std::vector<std::string> mistakes;   // the mistakes tried, in order
    // The first thing, in print order, that differs from the right tokenize()'s print.
    bool differs = false;
    std::string where;               // "Most frequent pair", "Tokens", "Number of tokens",
                                     // "Vocabulary" or "Size of vocabulary"
    std::size_t index = 0;           // 0-based: which pair line, or which dict entry
    bool has_yours = false, has_right = false;   // an entry there (a dict may be shorter)
    UdlPair your_pair, right_pair;   // where == "Most frequent pair"
    UdlCount yours, right;           // a dict's entry
    long your_number = 0, right_number = 0;   // "Number of tokens" / "Size of vocabulary"
};

}  // namespace attn::results
