// A test driver for src/gpt2 (not installed): the tokenizer and the forward pass on their own, so
// the Python tests can compare them with the oracle (udl124.py) and the npm gpt-3-encoder.
//   gpt2_tool encode VOCAB_DIR      stdin: one JSON string per line; stdout: one JSON list of ids
//                                   per line, then a tab and the JSON-escaped decode of those ids
//   gpt2_tool logits MODEL ID...    stdout: the last position's logits, one %.9g per line
//   gpt2_tool header FILE           reads FILE's safetensors header; "ok" or the refusal
//   gpt2_tool bench MODEL N         greedy decoding's cost against the memory-bandwidth floor, under
//                                   the same load: N times, alternately, one greedy token (a forward
//                                   pass at the next position and the argmax) and one streaming read
//                                   of every weight a token reads (cblas_sdot of each tensor with
//                                   itself, one thread); medians of both and their ratio
//                                   (docs/performance.md)
#include <algorithm>
#include <cblas.h>
#include <chrono>
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
        if (what == "bench" && argc == 4) {
            openblas_set_num_threads(1);   // as attn's GPT-2 runs: one thread
            std::string note;
            auto model = gpt2::Model::load(argv[2], note);
            gpt2::SafetensorsFile file(std::string(argv[2]) + "/model.safetensors");
            const int n = std::stoi(argv[3]);
            std::vector<int> ids = {464, 1266, 1517, 546, 10474, 318};   // "The best thing about Bath is"
            std::vector<float> p = model->probs(ids);
            using clock = std::chrono::steady_clock;
            std::vector<double> step_ms, read_ms;
            double bytes = 0, sink = 0;
            for (int i = 0; i < n && static_cast<long>(ids.size()) < model->config().n_positions; ++i) {
                auto t0 = clock::now();
                ids.push_back(static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin()));
                p = model->probs(ids);
                auto t1 = clock::now();
                bytes = 0;
                for (const auto& [name, t] : file.tensors()) {   // what a token reads: not wpe (one row), no buffer
                    if (t.dtype != "F32" || name.find("wpe") != std::string::npos || name.find("attn.bias") != std::string::npos ||
                        name.find("masked_bias") != std::string::npos)
                        continue;
                    std::size_t count = 1;
                    for (auto d : t.shape) count *= d;
                    sink += cblas_sdot(static_cast<int>(count), t.data, 1, t.data, 1);
                    bytes += 4.0 * static_cast<double>(count);
                }
                auto t2 = clock::now();
                step_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                read_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
            }
            auto median = [](std::vector<double> v) {
                std::sort(v.begin(), v.end());
                return v.empty() ? 0.0 : v[v.size() / 2];
            };
            const double step = median(step_ms), read = median(read_ms);
            std::printf("tokens %zu  greedy %.2f ms/token  read %.0f MB in %.2f ms (%.1f GB/s)  ratio %.2f  (%g)\n",
                        step_ms.size(), step, bytes / 1e6, read, bytes / read / 1e6, step / read, sink > 0 ? 1.0 : 0.0);
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
