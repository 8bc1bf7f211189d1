#pragma once
// GPT-2 (GPT2LMHeadModel's eager path) in float32 over a memory-mapped model.safetensors:
//   x_t = wte[id_t] + wpe[t]                                         (E,)
//   per block l:  h = LN_1(x);  [q k v] = h W_attn + b                (3E,)  Conv1D: W is (in, out)
//                 per head: a = softmax(q·k_s / sqrt(E/H) [/ (l+1)] over s <= t)   (eq. 12.x, causal)
//                 x += (Σ_s a_s v_s) W_proj + b;  x += gelu_new(LN_2(x) W_fc + b) W_fc_proj + b
//   logits = LN_f(x_last) wte^T (tied; lm_head.weight when untied)   (V,)
// Each position is computed once, with a key/value cache, one position at a time (so the bits of
// a sequence's logits do not depend on which prefix was cached). States for several sequences
// are kept, and a request continues the one sharing its longest prefix.
#include <cstddef>
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
    void step(State& s, int id);   // one position

    std::unique_ptr<SafetensorsFile> file_;
    Config config_;
    const float *wte_ = nullptr, *wpe_ = nullptr, *lnf_w_ = nullptr, *lnf_b_ = nullptr, *head_ = nullptr;
    std::vector<Layer> layers_;
    std::vector<State> states_;
    unsigned long clock_ = 0;
    std::size_t positions_run_ = 0;
};

}  // namespace attn::gpt2
