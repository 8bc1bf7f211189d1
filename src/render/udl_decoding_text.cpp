#include "render/udl_decoding_text.hpp"

namespace attn::render {

std::string udl_decoding_text(const results::UdlDecodingReport& r) {
    std::string out;
    for (const std::string& line : r.lines) out += line + "\n";
    return out;
}

std::string udl_decoding_raised(const results::UdlDecodingReport& r) {
    if (!r.raised_cell) return "";
    return "cell " + std::to_string(r.raised_cell) + ": the notebook raises " + r.raised + "; Run all stops here";
}

std::string udl_decoding_model_missing() {
    return "cells 10-28 need GPT-2's weights: the Hugging Face folder gpt2 (config.json, model.safetensors, "
           "vocab.json, merges.txt; `huggingface-cli download gpt2 --local-dir gpt2`), given as --model DIR "
           "or in ATTN_GPT2_MODEL";
}

}  // namespace attn::render
