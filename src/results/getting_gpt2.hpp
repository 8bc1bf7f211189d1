#pragma once
// How a student gets GPT-2, in the words of docs/udl.md ("Getting GPT-2, step by step"): attn's
// hint without a model prints getting_gpt2() and tests/gpt2/udl124_model_files_test.py checks that
// docs/udl.md holds it word for word, so the doc and the hint cannot drift apart. Plain words,
// here in results/ so that the renderer (the hint) and src/gpt2 (the refusals of a model folder
// that is not what it should be) share them without an arrow between the two.
#include <string>

namespace attn::gpt2 {

// The Hugging Face repository and where each of its files downloads from without Python.
inline constexpr char kGpt2Repository[] = "openai-community/gpt2";
// https://…/resolve/main/FILE. Inline (as getting_gpt2), so that the renderers need not link attn_gpt2.
inline std::string gpt2_file_url(const std::string& file) {
    return std::string("https://huggingface.co/") + kGpt2Repository + "/resolve/main/" + file;
}

// The steps, several lines without a final newline (the four files and their sizes, the folder,
// a plain download and huggingface-cli, --model and ATTN_GPT2_MODEL).
inline std::string getting_gpt2() {
    return std::string(
               "cells 10-28 need GPT-2's weights: the Hugging Face model gpt2, four files in one folder:\n"
               "  config.json          665 bytes\n"
               "  vocab.json           1.0 MB\n"
               "  merges.txt           456 kB\n"
               "  model.safetensors    548 MB\n"
               "1. make the folder: mkdir gpt2\n"
               "2. without Python, download each file into it (a browser works too), e.g.\n"
               "     curl -L -o gpt2/model.safetensors ") +
           gpt2_file_url("model.safetensors") +
           "\n"
           "   and the same with config.json, vocab.json and merges.txt; with Python's huggingface_hub:\n"
           "     huggingface-cli download " +
           kGpt2Repository +
           " config.json vocab.json merges.txt model.safetensors --local-dir gpt2\n"
           "3. attn udl 12.4 --model gpt2   (or, once for a class: export ATTN_GPT2_MODEL=$PWD/gpt2)";
}

}  // namespace attn::gpt2
