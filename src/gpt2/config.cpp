// GPT-2's configuration (config.hpp).
#include "gpt2/config.hpp"

#include <nlohmann/json.hpp>

#include "errors.hpp"
#include "text/utf8.hpp"

namespace attn::gpt2 {
namespace {

[[noreturn]] void bad(const std::string& path, const std::string& what) { throw IoError(path + ": " + what); }

long positive(const nlohmann::json& v, const char* key, const std::string& path) {
    if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<long long>() < 1) ||
        (v.is_number_unsigned() && (v.get<unsigned long long>() < 1 || v.get<unsigned long long>() > (1ull << 40))))
        bad(path, std::string(key) + " = " + text::valid(v.dump()) + " is not a positive integer");
    return static_cast<long>(v.get<long long>());
}

bool boolean(const nlohmann::json& v, const char* key, const std::string& path) {
    if (!v.is_boolean()) bad(path, std::string(key) + " = " + text::valid(v.dump()) + " is not true or false");
    return v.get<bool>();
}

void check(const Config& c, const std::string& path) {
    if (c.n_embd % c.n_head)
        bad(path, "n_embd " + std::to_string(c.n_embd) + " is not a multiple of n_head " + std::to_string(c.n_head));
}

}  // namespace

Config parse_config(const std::string& json_text, const std::string& path) {
    nlohmann::json j;
    if (!text::is_valid(json_text)) bad(path, "not a JSON object (invalid UTF-8)");
    try {
        j = nlohmann::json::parse(json_text);
    } catch (const nlohmann::json::exception& e) {
        bad(path, "not a JSON object (" + text::valid(e.what()) + ")");
    }
    if (!j.is_object()) bad(path, "not a JSON object (not an object)");
    Config c;
    if (j.contains("n_layer")) c.n_layer = positive(j["n_layer"], "n_layer", path);
    if (j.contains("n_head")) c.n_head = positive(j["n_head"], "n_head", path);
    if (j.contains("n_embd")) c.n_embd = positive(j["n_embd"], "n_embd", path);
    if (j.contains("n_positions")) c.n_positions = positive(j["n_positions"], "n_positions", path);
    else if (j.contains("n_ctx")) c.n_positions = positive(j["n_ctx"], "n_positions", path);
    if (j.contains("vocab_size")) c.vocab_size = positive(j["vocab_size"], "vocab_size", path);
    if (j.contains("n_inner") && !j["n_inner"].is_null()) c.n_inner = positive(j["n_inner"], "n_inner", path);
    if (j.contains("layer_norm_epsilon")) {
        const auto& e = j["layer_norm_epsilon"];
        if (!e.is_number() || !(e.get<double>() > 0 && e.get<double>() < 1))
            bad(path, "layer_norm_epsilon = " + text::valid(e.dump()) + " is not a small positive number");
        c.layer_norm_epsilon = e.get<double>();
    }
    if (j.contains("activation_function") &&
        !(j["activation_function"].is_string() && j["activation_function"].get<std::string>() == "gelu_new"))
        bad(path, "activation_function " + text::valid(j["activation_function"].dump()) + " is not GPT-2's gelu_new");
    if (j.contains("add_cross_attention") && !(j["add_cross_attention"].is_boolean() && !j["add_cross_attention"].get<bool>()) &&
        !(j["add_cross_attention"].is_number() && j["add_cross_attention"].get<double>() == 0) && !j["add_cross_attention"].is_null())
        bad(path, "add_cross_attention is not GPT-2 (no encoder here)");
    if (j.contains("scale_attn_weights")) c.scale_attn_weights = boolean(j["scale_attn_weights"], "scale_attn_weights", path);
    if (j.contains("scale_attn_by_inverse_layer_idx"))
        c.scale_attn_by_inverse_layer_idx = boolean(j["scale_attn_by_inverse_layer_idx"], "scale_attn_by_inverse_layer_idx", path);
    if (j.contains("tie_word_embeddings")) c.tie_word_embeddings = boolean(j["tie_word_embeddings"], "tie_word_embeddings", path);
    check(c, path);
    return c;
}

Config infer_config(const std::map<std::string, Tensor>& t, const std::map<std::string, std::string>& meta,
                    const std::string& path, std::string& note) {
    for (const char* name : {"wte.weight", "wpe.weight", "h.0.mlp.c_fc.weight"}) {
        const auto it = t.find(name);
        if (it == t.end() || it->second.shape.size() != 2)
            bad(path, std::string("no config.json, and tensor '") + name + "' (2-D) is missing: cannot infer the model");
    }
    Config c;
    c.n_layer = 0;
    while (t.count("h." + std::to_string(c.n_layer) + ".ln_1.weight")) ++c.n_layer;
    c.vocab_size = static_cast<long>(t.at("wte.weight").shape[0]);
    c.n_embd = static_cast<long>(t.at("wte.weight").shape[1]);
    c.n_positions = static_cast<long>(t.at("wpe.weight").shape[0]);
    c.n_inner = static_cast<long>(t.at("h.0.mlp.c_fc.weight").shape[1]);
    const auto heads = meta.find("n_head");
    if (heads != meta.end()) {
        const std::string& h = heads->second;
        if (h.empty() || h.size() > 9 || h.find_first_not_of("0123456789") != std::string::npos)
            bad(path, "__metadata__ n_head '" + text::valid(h) + "' is not a number");
        c.n_head = std::stol(h);
    } else if (c.n_embd % 64 == 0) {
        c.n_head = c.n_embd / 64;
    } else {
        bad(path, "no config.json and n_embd " + std::to_string(c.n_embd) + " is not a multiple of 64: give config.json with n_head");
    }
    for (long v : {c.n_layer, c.n_head, c.n_embd, c.n_positions, c.vocab_size})
        if (v < 1) bad(path, "the inferred configuration has a size 0");
    check(c, path);
    const std::size_t slash = path.find_last_of('/');
    note = "no config.json; inferred from " + path.substr(slash == std::string::npos ? 0 : slash + 1) +
           ": n_layer=" + std::to_string(c.n_layer) + " n_head=" + std::to_string(c.n_head) +
           (heads != meta.end() ? "" : " (64-wide heads)") + " n_embd=" + std::to_string(c.n_embd) +
           " n_positions=" + std::to_string(c.n_positions) + " vocab_size=" + std::to_string(c.vocab_size) +
           " n_inner=" + std::to_string(c.n_inner) + " layer_norm_epsilon=1e-05 tied embeddings";
    return c;
}

}  // namespace attn::gpt2
