// GPT-2's forward pass in float32 (model.hpp).
#include "gpt2/model.hpp"

#include <algorithm>
#include <cblas.h>
#include <cmath>

#include "errors.hpp"
#include "files/paths.hpp"
#include "files/read_whole.hpp"

namespace attn::gpt2 {
namespace {

constexpr std::size_t kStates = 32;   // sequences kept (beam search: n_beam chains at a time)

[[noreturn]] void bad(const std::string& path, const std::string& what) { throw IoError(path + ": " + what); }

// LayerNorm over E: (x - mean) / sqrt(var + eps) * w + b, statistics in double.
void layer_norm(const float* x, const float* w, const float* b, float eps, std::size_t E, float* out) {
    double mean = 0;
    for (std::size_t i = 0; i < E; ++i) mean += x[i];
    mean /= static_cast<double>(E);
    double var = 0;
    for (std::size_t i = 0; i < E; ++i) var += (x[i] - mean) * (x[i] - mean);
    var /= static_cast<double>(E);
    const float rstd = static_cast<float>(1.0 / std::sqrt(var + eps));
    const float m = static_cast<float>(mean);
    for (std::size_t i = 0; i < E; ++i) out[i] = (x[i] - m) * rstd * w[i] + b[i];
}

// Conv1D on one position: out (n_out) = b + x (n_in) @ W (n_in, n_out)
void conv1d(const float* x, const float* W, const float* b, std::size_t n_in, std::size_t n_out, float* out) {
    std::copy(b, b + n_out, out);
    cblas_sgemv(CblasRowMajor, CblasTrans, static_cast<int>(n_in), static_cast<int>(n_out), 1.0f, W,
                static_cast<int>(n_out), x, 1, 1.0f, out, 1);
}

// A name of one of GPT-2's weights (without "transformer."): wte/wpe/lm_head.weight,
// ln_f.weight/bias, or h.<layer>.<ln_1|ln_2|attn.c_attn|attn.c_proj|mlp.c_fc|mlp.c_proj>.<weight|bias>.
bool is_weight_name(const std::string& name) {
    for (const char* whole : {"wte.weight", "wpe.weight", "lm_head.weight", "ln_f.weight", "ln_f.bias"}) {
        if (name == whole) return true;
    }
    if (name.rfind("h.", 0) != 0) return false;
    std::size_t i = 2;
    while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
    if (i == 2 || i == name.size() || name[i] != '.') return false;
    const std::string rest = name.substr(i + 1);
    for (const char* part : {"ln_1", "ln_2", "attn.c_attn", "attn.c_proj", "mlp.c_fc", "mlp.c_proj"}) {
        for (const char* kind : {".weight", ".bias"}) {
            if (rest == std::string(part) + kind) return true;
        }
    }
    return false;
}

float gelu_new(float x) {   // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    const float c = static_cast<float>(std::sqrt(2.0 / M_PI));
    return 0.5f * x * (1.0f + std::tanh(c * (x + 0.044715f * (x * x * x))));
}

}  // namespace

Model::~Model() = default;

std::unique_ptr<Model> Model::load(const std::string& where, std::string& note) {
    const bool folder = files::is_dir(where);
    const std::string path = folder ? where + "/model.safetensors" : where;
    if (!files::exists(path)) throw UsageError("--model", path + ": no such file");
    // No core::before_blas: GPT-2's products run on the one thread OpenBLAS starts with
    // (blas_threads.hpp), as the oracle's torch runs on one; each new token reads every weight once.
    auto m = std::unique_ptr<Model>(new Model());
    m->file_ = std::make_unique<SafetensorsFile>(path);
    // names without "transformer."; integer buffers (h.N.attn.bias) ignored unless a weight's name
    std::map<std::string, Tensor> t;
    for (const auto& [name, tensor] : m->file_->tensors()) {
        const std::string shortname = name.rfind("transformer.", 0) == 0 ? name.substr(12) : name;
        if (t.count(shortname)) bad(path, "'" + shortname + "' is there with and without 'transformer.'");
        t[shortname] = tensor;
    }
    for (auto it = t.begin(); it != t.end();) {
        if (it->second.data == nullptr && !(it->second.dtype == "F32" || it->second.dtype == "F16" ||
                                             it->second.dtype == "BF16" || it->second.dtype == "F64")) {
            if (is_weight_name(it->first))
                bad(path, "tensor '" + it->first + "' has dtype " + it->second.dtype + "; weights must be F32, F16, BF16 or F64");
            it = t.erase(it);
        } else {
            ++it;
        }
    }
    const std::string cfg_path = folder ? where + "/config.json" : "";
    if (folder && files::exists(cfg_path)) {
        files::WholeFile f = files::read_whole(cfg_path, 1u << 20, false);
        if (f.failure != files::WholeFile::Failure::none) throw IoError(f.message);
        m->config_ = parse_config(f.text, cfg_path);
    } else {
        m->config_ = infer_config(t, m->file_->metadata(), path, note);
    }
    const Config& c = m->config_;
    const auto E = static_cast<std::uint64_t>(c.n_embd), V = static_cast<std::uint64_t>(c.vocab_size),
               P = static_cast<std::uint64_t>(c.n_positions), I = static_cast<std::uint64_t>(c.inner());
    auto need = [&](const std::string& name, std::vector<std::uint64_t> shape) -> const float* {
        const auto it = t.find(name);
        if (it == t.end()) bad(path, "tensor '" + name + "' is missing");
        if (it->second.shape != shape) {
            auto list = [](const std::vector<std::uint64_t>& s) {
                std::string out = "[";
                for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
                return out + "]";
            };
            bad(path, "tensor '" + name + "' has shape " + list(it->second.shape) + "; the config makes it " + list(shape));
        }
        return it->second.data;
    };
    m->wte_ = need("wte.weight", {V, E});
    m->wpe_ = need("wpe.weight", {P, E});
    m->lnf_w_ = need("ln_f.weight", {E});
    m->lnf_b_ = need("ln_f.bias", {E});
    for (long i = 0; i < c.n_layer; ++i) {
        const std::string h = "h." + std::to_string(i) + ".";
        Layer l{};
        l.ln1_w = need(h + "ln_1.weight", {E});
        l.ln1_b = need(h + "ln_1.bias", {E});
        l.attn_w = need(h + "attn.c_attn.weight", {E, 3 * E});
        l.attn_b = need(h + "attn.c_attn.bias", {3 * E});
        l.proj_w = need(h + "attn.c_proj.weight", {E, E});
        l.proj_b = need(h + "attn.c_proj.bias", {E});
        l.ln2_w = need(h + "ln_2.weight", {E});
        l.ln2_b = need(h + "ln_2.bias", {E});
        l.fc_w = need(h + "mlp.c_fc.weight", {E, I});
        l.fc_b = need(h + "mlp.c_fc.bias", {I});
        l.fcp_w = need(h + "mlp.c_proj.weight", {I, E});
        l.fcp_b = need(h + "mlp.c_proj.bias", {E});
        m->layers_.push_back(l);
    }
    m->head_ = c.tie_word_embeddings ? m->wte_ : need("lm_head.weight", {V, E});
    return m;
}

void Model::step(State& s, int id) {
    const std::size_t E = static_cast<std::size_t>(config_.n_embd), H = static_cast<std::size_t>(config_.n_head),
                      D = E / H, I = static_cast<std::size_t>(config_.inner()), t = s.ids.size();
    const float eps = static_cast<float>(config_.layer_norm_epsilon);
    std::vector<float> x(E), h(E), qkv(3 * E), y(E), o(E), fc(I);
    for (std::size_t i = 0; i < E; ++i) x[i] = wte_[static_cast<std::size_t>(id) * E + i] + wpe_[t * E + i];
    std::vector<float> att(t + 1);
    float scale = config_.scale_attn_weights ? std::sqrt(static_cast<float>(D)) : 1.0f;
    for (std::size_t l = 0; l < layers_.size(); ++l) {
        const Layer& L = layers_[l];
        layer_norm(x.data(), L.ln1_w, L.ln1_b, eps, E, h.data());
        conv1d(h.data(), L.attn_w, L.attn_b, E, 3 * E, qkv.data());   // [q k v] (3E,)
        s.k[l].insert(s.k[l].end(), qkv.begin() + static_cast<long>(E), qkv.begin() + static_cast<long>(2 * E));
        s.v[l].insert(s.v[l].end(), qkv.begin() + static_cast<long>(2 * E), qkv.end());
        for (std::size_t hd = 0; hd < H; ++hd) {
            const float* q = qkv.data() + hd * D;
            float mx = -INFINITY;
            for (std::size_t j = 0; j <= t; ++j) {   // scores q·k_j / sqrt(D), causal: j <= t
                const float* k = s.k[l].data() + j * E + hd * D;
                float dot = 0;
                for (std::size_t d = 0; d < D; ++d) dot += q[d] * k[d];
                if (config_.scale_attn_weights) dot = dot / scale;
                if (config_.scale_attn_by_inverse_layer_idx) dot = dot / static_cast<float>(l + 1);
                att[j] = dot;
                mx = std::max(mx, dot);
            }
            float sum = 0;
            for (std::size_t j = 0; j <= t; ++j) sum += (att[j] = std::exp(att[j] - mx));
            for (std::size_t d = 0; d < D; ++d) y[hd * D + d] = 0;
            for (std::size_t j = 0; j <= t; ++j) {
                const float a = att[j] / sum;
                const float* v = s.v[l].data() + j * E + hd * D;
                for (std::size_t d = 0; d < D; ++d) y[hd * D + d] += a * v[d];
            }
        }
        conv1d(y.data(), L.proj_w, L.proj_b, E, E, o.data());
        for (std::size_t i = 0; i < E; ++i) x[i] += o[i];
        layer_norm(x.data(), L.ln2_w, L.ln2_b, eps, E, h.data());
        conv1d(h.data(), L.fc_w, L.fc_b, E, I, fc.data());
        for (float& f : fc) f = gelu_new(f);
        conv1d(fc.data(), L.fcp_w, L.fcp_b, I, E, o.data());
        for (std::size_t i = 0; i < E; ++i) x[i] += o[i];
    }
    s.ids.push_back(id);
    s.last_x = std::move(x);
    ++positions_run_;
}

std::vector<float> Model::logits(const std::vector<int>& ids) {
    // the kept state sharing the longest prefix with ids
    std::size_t best = 0, best_len = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        const auto& sid = states_[i].ids;
        std::size_t n = 0;
        while (n < sid.size() && n < ids.size() && sid[n] == ids[n]) ++n;
        if (n == ids.size() && sid.size() != ids.size()) n = ids.size() - 1;   // the last position must be computed
        if (n > best_len || (n == best_len && n > 0 && states_[i].ids.size() < states_[best].ids.size())) best = i, best_len = n;
    }
    State* s = nullptr;
    if (best_len > 0 && states_[best].ids.size() <= ids.size() && best_len == states_[best].ids.size()) {
        s = &states_[best];   // continue it in place
    } else {
        State fresh;
        fresh.k.assign(layers_.size(), {});
        fresh.v.assign(layers_.size(), {});
        if (best_len > 0) {
            const State& from = states_[best];
            const std::size_t E = static_cast<std::size_t>(config_.n_embd);
            fresh.ids.assign(from.ids.begin(), from.ids.begin() + static_cast<long>(best_len));
            for (std::size_t l = 0; l < layers_.size(); ++l) {
                fresh.k[l].assign(from.k[l].begin(), from.k[l].begin() + static_cast<long>(best_len * E));
                fresh.v[l].assign(from.v[l].begin(), from.v[l].begin() + static_cast<long>(best_len * E));
            }
        }
        if (states_.size() < kStates) {
            states_.push_back(std::move(fresh));
            s = &states_.back();
        } else {
            auto lru = std::min_element(states_.begin(), states_.end(),
                                        [](const State& a, const State& b) { return a.used < b.used; });
            *lru = std::move(fresh);
            s = &*lru;
        }
    }
    s->used = ++clock_;
    if (s->ids.size() == ids.size() && !s->last_x.empty()) {
        // the same sequence again: last_x is kept
    } else {
        for (std::size_t i = s->ids.size(); i < ids.size(); ++i) step(*s, ids[i]);
    }
    const std::size_t E = static_cast<std::size_t>(config_.n_embd), V = static_cast<std::size_t>(config_.vocab_size);
    std::vector<float> h(E), out(V, 0.0f);
    layer_norm(s->last_x.data(), lnf_w_, lnf_b_, static_cast<float>(config_.layer_norm_epsilon), E, h.data());
    cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(V), static_cast<int>(E), 1.0f, head_, static_cast<int>(E),
                h.data(), 1, 0.0f, out.data(), 1);   // logits = head (V, E) @ h
    return out;
}

std::vector<float> Model::probs(const std::vector<int>& ids) {
    std::vector<float> p = logits(ids);
    float mx = -INFINITY;
    for (float v : p) mx = std::max(mx, v);
    double sum = 0;
    for (float& v : p) sum += (v = std::exp(v - mx));
    const float r = 1.0f / static_cast<float>(sum);
    for (float& v : p) v *= r;
    return p;
}

}  // namespace attn::gpt2
