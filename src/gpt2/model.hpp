#pragma once
// GPT-2 (GPT2LMHeadModel's eager path) in float32 over a memory-mapped model.safetensors:
//   x_t = wte[id_t] + wpe[t]                                         (E,)
//   per block l:  h = LN_1(x);  [q k v] = h W_attn + b                (3E,)  Conv1D: W is (in, out)
//                 per head: a = softmax(q·k_s / sqrt(E/H) [/ (l+1)] over s <= t)   (eq. 12.x, causal)
//                 x += (Σ_s a_s v_s) W_proj + b;  x += gelu_new(LN_2(x) W_fc + b) W_fc_proj + b
//   logits = LN_f(x_last) wte^T (tied; lm_head.weight when untied)   (V,)
// Each position is computed once, with a key/value cache, one position at a time (so the bits of
// a sequence's logits do not depend on which prefix was cached). States for several sequences
// are kept, and a request continues the one sharing its longest prefix; the logits of the last
// sequences are kept too (a cell that repeats an earlier one, cells 15 and 19, is answered from
// them). prefetch() computes several sequences in one pass over the weights.
#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "gpt2/config.hpp"
#include "gpt2/safetensors.hpp"

namespace attn::gpt2 {

class Model {
public:
    // --model: a folder with model.safetensors (+ config.json) or a bare .safetensors file.
    // Refusals: IoError (exit 3) in one line. `note` receives the inferred-config line, if any.
    static std::unique_ptr<Model> load(const std::string& where, std::string& note);

    const Config& config() const { return config_; }
    // logits of the last position of `ids` (1 <= ids.size() <= n_positions), float32 (V,).
    std::vector<float> logits(const std::vector<int>& ids);
    // softmax(logits) in float32: exp(l - max), the sum, times its reciprocal.
    std::vector<float> probs(const std::vector<int>& ids);
    // Computes the logits of several sequences together and keeps them for logits()/probs(): their
    // new positions a round at a time, one batched pass over the weights a round, where asking
    // one by one reads every weight once per sequence (beam search's candidates). Sequences
    // already kept, empty or longer than n_positions are skipped. A position's bits can depend on
    // whether it was computed alone (sgemv) or in a batch (sgemm); the notebook's beam search
    // calls forget(prompt) first, so that its cell computes the same bits alone or after other cells.
    void prefetch(const std::vector<std::vector<int>>& sequences);
    // Drops the kept states and logits but what `keep` (the prompt) needs: its logits and the
    // state of its longest kept prefix.
    void forget(const std::vector<int>& keep);
    // Every layer's and head's attention weights on `ids` (1 <= ids.size() <= n_positions), as the
    // forward pass computes them (softmax over s <= t of q_t·k_s / sqrt(E/H)): L x H matrices of
    // T x T, [query position t][key position s], zero for s > t (the causal mask), in one vector
    // indexed ((l H + h) T + t) T + s. Computed afresh (no cached state is used or kept).
    std::vector<float> attention(const std::vector<int>& ids);

    ~Model();

private:
    struct Layer {
        const float *ln1_w, *ln1_b, *attn_w, *attn_b, *proj_w, *proj_b, *ln2_w, *ln2_b, *fc_w, *fc_b, *fcp_w, *fcp_b;
    };
    struct State {
        std::vector<int> ids;
        std::vector<std::vector<float>> k, v;   // per layer: (T, E)
        std::vector<float> last_x;              // the last position's residual after the blocks
        unsigned long used = 0;
    };
    // one position; `weights` (attention()): where its rows of every head's weights go, T wide
    struct Capture {
        float* weights;
        std::size_t T;
    };
    void step(State& s, int id, const Capture* capture = nullptr);

    std::unique_ptr<SafetensorsFile> file_;
    Config config_;
    const float *wte_ = nullptr, *wpe_ = nullptr, *lnf_w_ = nullptr, *lnf_b_ = nullptr, *head_ = nullptr;
    std::vector<Layer> layers_;
    void step_batch(State* const* states, const int* ids, std::size_t count, const Capture* capture = nullptr);
    std::size_t state_for(const std::vector<int>& ids, const std::vector<std::size_t>& taken);
    void compute(const std::vector<const std::vector<int>*>& sequences, std::vector<std::vector<float>>* out);
    const std::vector<float>* kept_logits(const std::vector<int>& ids) const;

    std::vector<State> states_;
    std::deque<std::pair<std::vector<int>, std::vector<float>>> kept_;   // the last logits computed, oldest first
    unsigned long clock_ = 0;
};

}  // namespace attn::gpt2
