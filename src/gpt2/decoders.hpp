#pragma once
// Notebook 12.4's decoders as free functions over one step's probabilities p (float32, (V,)) and
// NumPy's legacy generator, with NumPy's float32 semantics where the notebook computes in NumPy:
// np.sort(p)[::-1] (values, descending), np.cumsum (sequential float32), np.sum (0 + pairwise, in
// float32), p / np.sum(p) (float32 division), comparisons with a float32 threshold, np.argmax
// (first maximum), np.random.choice(n, 1, replace=False, p=p) (p widened to float64, Kahan-summed
// for its check, sequential cdf / cdf[-1], one random_sample, searchsorted right) and NumPy's
// generic argsort (introsort) for beam search's order.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "rng/legacy_random_state.hpp"

namespace attn::gpt2 {

// Where the notebook's own code raises: what Python would print as the exception
// ("ValueError: probabilities do not sum to 1"). Run all stops at that cell.
struct NotebookRaise : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// np.sort(p)[::-1] (ascending = false) or np.sort(p).
std::vector<float> sorted_values(const std::vector<float>& p, bool descending);
// np.sort(p)[::-1][:count]: the `count` largest values, descending (a partial sort).
std::vector<float> largest(const std::vector<float>& p, std::size_t count);
// np.argmax(p): the first of equal maxima.
int argmax(const std::vector<float>& p);
// np.sum(p) for float32: 0 + pairwise sum in float32.
float numpy_sum(const std::vector<float>& p);
// p / np.sum(p), element by element in float32.
std::vector<float> renormalised(const std::vector<float>& p);
// p[p < threshold] = 0.
void zero_below(std::vector<float>& p, float threshold);
// np.cumsum(p) for float32: sequential.
std::vector<float> cumsum(const std::vector<float>& p);
// np.random.choice(len(p), 1, replace=False, p=p)[0]; throws NotebookRaise as NumPy raises.
// draw_margin (when given): the uniform draw's distance from the nearer edge of the chosen
// token's cdf interval, how far the draw was from choosing a neighbour.
int choice(rng::LegacyRandomState& rs, const std::vector<float>& p, double* draw_margin = nullptr);
// (s[i] - s[j]) / s[i] for sorted values s[i] >= s[j]: how near two ranks came to swapping
// (0: they tie); -1 when i or j is out of range or s[i] is 0.
double relative_gap(const std::vector<float>& s, long i, long j);
// np.argsort(values) with NumPy's default kind (quicksort.cpp: introsort, SMALL_QUICKSORT 15,
// heapsort past depth 2 floor(log2 n)); the tie order is NumPy <= 1.24's.
std::vector<std::size_t> numpy_argsort(const std::vector<double>& values);

// One decision each, as the notebook's solved functions make it (mistakes: the oracle's names).
struct TopK {
    float kth_value;            // the cut: probabilities below it are zeroed
    std::vector<float> kept;    // renormalised (or not, for topk-no-renorm)
};
// kth_index: the index into the sorted values whose value is the cut (k - 1; k for topk-k);
// ascending: the ascending sort (topk-ascending).
TopK top_k(const std::vector<float>& p, std::size_t kth_index, bool ascending, bool renormalise);

struct Nucleus {
    long thresh_index;          // np.argmax(cumsum > float32(thresh)): "Choosing from %d tokens"
    std::vector<float> kept;    // renormalised
};
// offset: 0 (the solution), +1 (nucleus-off-by-one), -1 (nucleus-minus-one: sorted[-1] at 0);
// ascending: nucleus-ascending. Throws NotebookRaise("IndexError: …") past the end.
// The index is known before the cut (and printed first), so it is computed apart:
long nucleus_index(const std::vector<float>& sorted, float thresh);
std::vector<float> nucleus_keep(const std::vector<float>& p, const std::vector<float>& sorted, long thresh_index,
                                long offset);

// np.where(p == np.sort(p)[::-1][k])[0]: the k-th most likely value's tokens, in id order.
std::vector<int> kth_tokens(const std::vector<float>& p, std::size_t k);

}  // namespace attn::gpt2
