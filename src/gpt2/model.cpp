// GPT-2's forward pass in float32 (model.hpp).
#include "gpt2/model.hpp"

#include <algorithm>
#include <deque>
#include <cblas.h>
#include <cmath>

#include "errors.hpp"
#include "files/paths.hpp"
#include "files/read_whole.hpp"
#include "gpt2/getting_gpt2.hpp"

namespace attn::gpt2 {
namespace {

constexpr std::size_t kStates = 32;      // sequences kept (beam search: n_beam chains at a time)
constexpr std::size_t kBatch = 16;       // sequences computed together (at most half of kStates)
constexpr std::size_t kLogitsKept = 64;  // logits kept, answering a sequence asked for again (64 x 200 kB)

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
    if (folder && !files::exists(path)) {
        // a folder half made: name what is there and what is missing (one line, exit 3)
        std::string present;
        for (const char* name : {"config.json", "vocab.json", "merges.txt", "pytorch_model.bin", "model.safetensors.part"})
            if (files::exists(where + "/" + name)) present += (present.empty() ? "" : ", ") + std::string(name);
        throw IoError("--model " + where + ": the folder has no model.safetensors" +
                      (present.empty() ? std::string() : " (it has " + present + ")") +
                      "; download GPT-2's (548 MB) into it: " + gpt2_file_url("model.safetensors"));
    }
    if (!files::exists(path)) throw UsageError("--model", path + ": no such file");
    // Each new token reads every weight once, on OpenBLAS's own thread count (core/blas_threads.hpp).
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

namespace {

// Conv1D on B positions at once: out (B, n_out) = b + X (B, n_in) @ W (n_in, n_out). One position
// is a matrix-vector product (sgemv), as before batches existed; several are one sgemm, which
// reads W once for all of them (beam search's rounds, Model::prefetch).
void linear(const float* X, std::size_t B, const float* W, const float* b, std::size_t n_in, std::size_t n_out, float* out) {
    if (B == 1) return conv1d(X, W, b, n_in, n_out, out);
    for (std::size_t r = 0; r < B; ++r) std::copy(b, b + n_out, out + r * n_out);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(B), static_cast<int>(n_out), static_cast<int>(n_in),
                1.0f, X, static_cast<int>(n_in), W, static_cast<int>(n_out), 1.0f, out, static_cast<int>(n_out));
}

}  // namespace

void Model::step(State& s, int id, const Capture* capture) {
    State* one[] = {&s};
    step_batch(one, &id, 1, capture);
}

// One new position for each of B states (ids[r] appended to *states[r]): the blocks row by row
// where a row stands alone (LayerNorm, attention over its own cache, gelu), the Conv1D products
// for all rows at once.
void Model::step_batch(State* const* states, const int* ids, std::size_t B, const Capture* capture) {
    const std::size_t E = static_cast<std::size_t>(config_.n_embd), H = static_cast<std::size_t>(config_.n_head),
                      D = E / H, I = static_cast<std::size_t>(config_.inner());
    const float eps = static_cast<float>(config_.layer_norm_epsilon);
    std::vector<float> x(B * E), h(B * E), qkv(B * 3 * E), y(B * E), o(B * E), fc(B * I);
    std::size_t longest = 0;
    for (std::size_t r = 0; r < B; ++r) {
        const std::size_t t = states[r]->ids.size();
        longest = std::max(longest, t);
        for (std::size_t i = 0; i < E; ++i) x[r * E + i] = wte_[static_cast<std::size_t>(ids[r]) * E + i] + wpe_[t * E + i];
    }
    std::vector<float> att(longest + 1);
    float scale = config_.scale_attn_weights ? std::sqrt(static_cast<float>(D)) : 1.0f;
    for (std::size_t l = 0; l < layers_.size(); ++l) {
        const Layer& L = layers_[l];
        for (std::size_t r = 0; r < B; ++r) layer_norm(&x[r * E], L.ln1_w, L.ln1_b, eps, E, &h[r * E]);
        linear(h.data(), B, L.attn_w, L.attn_b, E, 3 * E, qkv.data());   // [q k v] (3E,) a row
        for (std::size_t r = 0; r < B; ++r) {
            State& s = *states[r];
            const std::size_t t = s.ids.size();
            const float* row_qkv = &qkv[r * 3 * E];
            float* row_y = &y[r * E];
            s.k[l].insert(s.k[l].end(), row_qkv + E, row_qkv + 2 * E);
            s.v[l].insert(s.v[l].end(), row_qkv + 2 * E, row_qkv + 3 * E);
            for (std::size_t hd = 0; hd < H; ++hd) {
                const float* q = row_qkv + hd * D;
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
                for (std::size_t d = 0; d < D; ++d) row_y[hd * D + d] = 0;
                float* weights = capture ? capture->weights + ((l * H + hd) * capture->T + t) * capture->T : nullptr;
                for (std::size_t j = 0; j <= t; ++j) {
                    const float a = att[j] / sum;
                    if (weights) weights[j] = a;
                    const float* v = s.v[l].data() + j * E + hd * D;
                    for (std::size_t d = 0; d < D; ++d) row_y[hd * D + d] += a * v[d];
                }
            }
        }
        linear(y.data(), B, L.proj_w, L.proj_b, E, E, o.data());
        for (std::size_t i = 0; i < B * E; ++i) x[i] += o[i];
        for (std::size_t r = 0; r < B; ++r) layer_norm(&x[r * E], L.ln2_w, L.ln2_b, eps, E, &h[r * E]);
        linear(h.data(), B, L.fc_w, L.fc_b, E, I, fc.data());
        for (float& f : fc) f = gelu_new(f);
        linear(fc.data(), B, L.fcp_w, L.fcp_b, I, E, o.data());
        for (std::size_t i = 0; i < B * E; ++i) x[i] += o[i];
    }
    for (std::size_t r = 0; r < B; ++r) {
        states[r]->ids.push_back(ids[r]);
        states[r]->last_x.assign(x.begin() + static_cast<long>(r * E), x.begin() + static_cast<long>((r + 1) * E));
    }
}

// The kept state to continue for `ids`: the one sharing the longest prefix, continued in place when
// it is all prefix and not `taken` (claimed by another sequence of the same batch), else a new
// state copying that prefix (replacing the least recently used one not taken, once kStates are kept).
std::size_t Model::state_for(const std::vector<int>& ids, const std::vector<std::size_t>& taken) {
    auto is_taken = [&](std::size_t i) { return std::find(taken.begin(), taken.end(), i) != taken.end(); };
    std::size_t best = 0, best_len = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        const auto& sid = states_[i].ids;
        std::size_t n = 0;
        while (n < sid.size() && n < ids.size() && sid[n] == ids[n]) ++n;
        // the last position must be computed (a longer state holds no residual for it; a state cut
        // by forget() none either)
        if (n == ids.size() && (sid.size() != ids.size() || states_[i].last_x.empty())) n = ids.size() - 1;
        if (n > best_len || (n == best_len && n > 0 && states_[i].ids.size() < states_[best].ids.size())) best = i, best_len = n;
    }
    std::size_t at = 0;
    if (!is_taken(best) && best_len > 0 && states_[best].ids.size() <= ids.size() && best_len == states_[best].ids.size()) {
        at = best;   // continue it in place
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
            at = states_.size() - 1;
        } else {
            at = states_.size();
            for (std::size_t i = 0; i < states_.size(); ++i)
                if (!is_taken(i) && (at == states_.size() || states_[i].used < states_[at].used)) at = i;
            states_[at] = std::move(fresh);
        }
    }
    states_[at].used = ++clock_;
    return at;
}

// The logits of several sequences (at most kBatch): their new positions computed a round at a
// time, each round one position of every sequence that needs one, in one step_batch; each row's
// logits kept for a later call.
void Model::compute(const std::vector<const std::vector<int>*>& seqs, std::vector<std::vector<float>>* out) {
    const std::size_t E = static_cast<std::size_t>(config_.n_embd), V = static_cast<std::size_t>(config_.vocab_size);
    std::vector<std::size_t> at;
    for (const std::vector<int>* ids : seqs) at.push_back(state_for(*ids, at));
    for (;;) {
        std::vector<State*> rows;
        std::vector<int> ids;
        for (std::size_t r = 0; r < seqs.size(); ++r) {
            State& s = states_[at[r]];
            if (s.ids.size() < seqs[r]->size()) {
                rows.push_back(&s);
                ids.push_back((*seqs[r])[s.ids.size()]);
            }
        }
        if (rows.empty()) break;
        step_batch(rows.data(), ids.data(), rows.size());
    }
    const std::size_t B = seqs.size();
    std::vector<float> h(B * E), logits(B * V, 0.0f);
    for (std::size_t r = 0; r < B; ++r)
        layer_norm(states_[at[r]].last_x.data(), lnf_w_, lnf_b_, static_cast<float>(config_.layer_norm_epsilon), E, &h[r * E]);
    if (B == 1) {
        cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(V), static_cast<int>(E), 1.0f, head_, static_cast<int>(E),
                    h.data(), 1, 0.0f, logits.data(), 1);   // logits = head (V, E) @ h
    } else {   // the output head (a third of the weights) read once for all rows
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(B), static_cast<int>(V), static_cast<int>(E), 1.0f,
                    h.data(), static_cast<int>(E), head_, static_cast<int>(E), 0.0f, logits.data(), static_cast<int>(V));
    }
    for (std::size_t r = 0; r < B; ++r) {
        std::vector<float> row(logits.begin() + static_cast<long>(r * V), logits.begin() + static_cast<long>((r + 1) * V));
        if (out) out->push_back(row);
        kept_.emplace_back(*seqs[r], std::move(row));
        if (kept_.size() > kLogitsKept) kept_.pop_front();
    }
}

const std::vector<float>* Model::kept_logits(const std::vector<int>& ids) const {
    for (auto it = kept_.rbegin(); it != kept_.rend(); ++it)
        if (it->first == ids) return &it->second;
    return nullptr;
}

std::vector<float> Model::logits(const std::vector<int>& ids) {
    if (const std::vector<float>* kept = kept_logits(ids)) return *kept;
    std::vector<std::vector<float>> out;
    compute({&ids}, &out);
    return std::move(out.front());
}

void Model::prefetch(const std::vector<std::vector<int>>& seqs) {
    std::vector<const std::vector<int>*> todo;
    for (const std::vector<int>& ids : seqs) {
        if (ids.empty() || static_cast<long>(ids.size()) > config_.n_positions || kept_logits(ids)) continue;
        if (std::none_of(todo.begin(), todo.end(), [&](const std::vector<int>* t) { return *t == ids; })) todo.push_back(&ids);
    }
    for (std::size_t from = 0; from < todo.size(); from += kBatch) {
        const std::vector<const std::vector<int>*> batch(todo.begin() + static_cast<long>(from),
                                                         todo.begin() + static_cast<long>(std::min(todo.size(), from + kBatch)));
        compute(batch, nullptr);
    }
}

void Model::forget(const std::vector<int>& keep) {
    // the state sharing the longest prefix with `keep`, cut to that prefix (its last position's
    // residual only when it is not cut)
    std::size_t best = states_.size(), best_len = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        std::size_t n = 0;
        while (n < states_[i].ids.size() && n < keep.size() && states_[i].ids[n] == keep[n]) ++n;
        if (n > best_len) best = i, best_len = n;
    }
    std::vector<State> kept_state;
    if (best < states_.size()) {
        State s = std::move(states_[best]);
        const std::size_t E = static_cast<std::size_t>(config_.n_embd);
        if (s.ids.size() != best_len) {
            s.ids.resize(best_len);
            for (auto& k : s.k) k.resize(best_len * E);
            for (auto& v : s.v) v.resize(best_len * E);
            s.last_x.clear();
        }
        kept_state.push_back(std::move(s));
    }
    states_ = std::move(kept_state);
    std::deque<std::pair<std::vector<int>, std::vector<float>>> kept;
    for (auto& entry : kept_)
        if (entry.first == keep) kept.push_back(std::move(entry));
    kept_ = std::move(kept);
}

std::vector<float> Model::attention(const std::vector<int>& ids) {
    const std::size_t T = ids.size(), L = layers_.size(), H = static_cast<std::size_t>(config_.n_head);
    std::vector<float> weights(L * H * T * T, 0.0f);
    const Capture capture{weights.data(), T};
    State s;
    s.k.assign(L, {});
    s.v.assign(L, {});
    for (int id : ids) step(s, id, &capture);
    return weights;
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
