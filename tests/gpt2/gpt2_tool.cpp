// A test driver for src/gpt2 (not installed): the tokenizer and the forward pass on their own, so
// the Python tests can compare them with the oracle (udl124.py) and the npm gpt-3-encoder.
//   gpt2_tool encode VOCAB_DIR      stdin: one JSON string per line; stdout: one JSON list of ids
//                                   per line, then a tab and the JSON-escaped decode of those ids
//   gpt2_tool logits MODEL ID...    stdout: the last position's logits, one %.9g per line
//   gpt2_tool header FILE           reads FILE's safetensors header; "ok" or the refusal
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "errors.hpp"
#include "gpt2/model.hpp"
#include "gpt2/safetensors.hpp"
#include "gpt2/tokenizer/tokenizer.hpp"

int main(int argc, char** argv) {
    using namespace attn;
    if (argc < 3) return 2;
    const std::string what = argv[1];
    try {
        if (what == "encode") {
            const gpt2::Tokenizer tok = gpt2::Tokenizer::from_folder(argv[2]);
            std::string line;
            while (std::getline(std::cin, line)) {
                const std::string text = nlohmann::json::parse(line).get<std::string>();
                const std::vector<int> ids = tok.encode(text);
                std::cout << nlohmann::json(ids).dump() << "\t"
                          << nlohmann::json(tok.decode(ids, false)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                          << "\n";
            }
            return 0;
        }
        if (what == "logits") {
            std::string note;
            auto model = gpt2::Model::load(argv[2], note);
            std::vector<int> ids;
            for (int i = 3; i < argc; ++i) ids.push_back(std::stoi(argv[i]));
            for (float v : model->logits(ids)) std::printf("%.9g\n", static_cast<double>(v));
            return 0;
        }
        if (what == "header") {
            gpt2::SafetensorsFile f(argv[2]);
            std::printf("ok %zu\n", f.tensors().size());
            return 0;
        }
    } catch (const IoError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 3;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    return 2;
}
