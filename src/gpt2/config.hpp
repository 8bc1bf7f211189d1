#pragma once
// GPT-2's configuration: config.json's n_layer, n_head, n_embd, n_positions (else n_ctx),
// vocab_size, layer_norm_epsilon, n_inner, scale_attn_weights, scale_attn_by_inverse_layer_idx,
// tie_word_embeddings, with GPT2Config's default for each one absent; activation_function must be
// gelu_new, add_cross_attention false. A bare .safetensors file has its shapes read from the
// tensors (n_head from __metadata__["n_head"], else n_embd / 64), epsilon 1e-5, tied embeddings.
// A value of the wrong type or range is one line, IoError (exit 3), naming the file.
#include <map>
#include <string>

#include "gpt2/safetensors.hpp"

namespace attn::gpt2 {

struct Config {
    long n_layer = 12, n_head = 12, n_embd = 768, n_positions = 1024, vocab_size = 50257;
    long n_inner = 0;                        // 0: 4 * n_embd (config.json's null)
    double layer_norm_epsilon = 1e-5;
    bool scale_attn_weights = true;
    bool scale_attn_by_inverse_layer_idx = false;
    bool tie_word_embeddings = true;
    long inner() const { return n_inner ? n_inner : 4 * n_embd; }
};

// config.json's text (path for messages).
Config parse_config(const std::string& json_text, const std::string& path);
// A bare file: the configuration its tensors imply (names without "transformer."), and the
// one-line note of what was inferred ("no config.json; inferred from …").
Config infer_config(const std::map<std::string, Tensor>& tensors, const std::map<std::string, std::string>& metadata,
                    const std::string& path, std::string& note);

}  // namespace attn::gpt2
