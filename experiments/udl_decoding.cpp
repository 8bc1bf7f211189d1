// Notebook 12.4, cell by cell (udl_decoding.hpp).
#include "experiments/udl_decoding.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>

#include "errors.hpp"
#include "files/paths.hpp"
#include "gpt2/decoders.hpp"
#include "gpt2/model.hpp"
#include "gpt2/tokenizer/tokenizer.hpp"
#include "rng/legacy_randint.hpp"
#include "rng/legacy_random_state.hpp"
#include "text/utf8.hpp"

namespace attn::experiments {
namespace {

using gpt2::NotebookRaise;

constexpr std::size_t kTopShown = 10;   // a step's most likely tokens kept for the picture and JSON

struct MistakeEntry {
    const char* name;
    DecodingMistake mistake;
    const char* explanation;   // one sentence, for --diagnose
};

const std::vector<MistakeEntry>& mistake_table() {
    static const std::vector<MistakeEntry> t = {
        {"topk-k", DecodingMistake::topk_k,
         "top-k cuts at sorted[k] instead of sorted[k-1], the (k+1)-th largest probability, so it keeps k+1 tokens"},
        {"topk-ascending", DecodingMistake::topk_ascending,
         "top-k takes its cut from the ascending sort, np.sort(p)[k-1], so it keeps every token but the k-1 least likely"},
        {"topk-no-renorm", DecodingMistake::topk_no_renorm,
         "top-k does not divide the kept probabilities by their sum, so np.random.choice raises 'probabilities do not "
         "sum to 1' unless the kept mass is within 3.45e-4 of 1"},
        {"nucleus-off-by-one", DecodingMistake::nucleus_off_by_one,
         "nucleus sampling cuts at sorted[thresh_index + 1], keeping one token more than the nucleus"},
        {"nucleus-minus-one", DecodingMistake::nucleus_minus_one,
         "nucleus sampling cuts at sorted[thresh_index - 1], keeping one token fewer (at thresh_index 0 that is "
         "sorted[-1], the smallest, and every token is kept)"},
        {"nucleus-ascending", DecodingMistake::nucleus_ascending,
         "nucleus sampling sorts without [::-1], so thresh_index counts from the least likely token and nearly "
         "every token is kept"},
        {"beam-without-quirk", DecodingMistake::beam_without_quirk,
         "beam search extends a copy of each beam (the textbook algorithm) where the notebook extends the beam "
         "itself, so every candidate is one token longer than its beam instead of a chain"},
        {"sample-greedy", DecodingMistake::sample_greedy,
         "sample_next_token takes np.argmax instead of drawing with np.random.choice, so the sampling cells print "
         "the greedy text"},
        {"greedy-sample", DecodingMistake::greedy_sample,
         "get_best_next_token draws with np.random.choice instead of taking np.argmax, so the greedy cells print "
         "the sampling text"},
    };
    return t;
}

// input_tokens: the ids and the notebook's log_prob, a Python float 0.0 until the first
// np.log(p[next_token]) is added, then a float32 array (shape (1,), or more after a tie).
struct Tokens {
    std::vector<int> ids;
    std::optional<std::vector<float>> log_prob;
};

// log_prob + np.log(p[next]) with NumPy's broadcasting of shapes (a,) and (b,).
std::vector<float> add_log(const std::optional<std::vector<float>>& lp, const std::vector<float>& logs) {
    if (!lp) return logs;   // 0.0 + float32 array: the array, exactly
    const std::size_t a = lp->size(), b = logs.size();
    if (a != b && a != 1 && b != 1)
        throw NotebookRaise("ValueError: operands could not be broadcast together with shapes (" + std::to_string(a) +
                            ",) (" + std::to_string(b) + ",) ");
    const std::size_t n = std::max(a, b);
    std::vector<float> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = (*lp)[a == 1 ? 0 : i] + logs[b == 1 ? 0 : i];
    return out;
}

class Notebook {
public:
    Notebook(const DecodingOptions& o, const gpt2::Tokenizer& tok, gpt2::Model* model, results::UdlDecodingReport& r,
             const Progress& progress = {})
        : o_(o), tok_(tok), model_(model), r_(r), rs_(0), progress_(progress) {}

    // Every cell up to the last shown one, as Run all does (a silent cell that raises stops the
    // run); with `needed_only`, only the shown cells and the cells whose generator they carry on.
    void run(const std::set<long>& shown, bool needed_only = false) {
        const long last = *shown.rbegin();
        auto runs = [&](long n) {
            return shown.count(n) > 0 || !needed_only ||
                   std::any_of(shown.begin(), shown.end(), [n](long s) { return carried_from(s) == n; });
        };
        if (progress_) {
            for (long n : decoding_cells())
                if (n <= last && runs(n)) total_ += cell_work(n);
        }
        for (long n : decoding_cells()) {
            if (n > last) break;
            showing_ = shown.count(n) > 0;
            if (!runs(n)) continue;
            if (showing_) r_.cells.push_back({static_cast<int>(n), {}});
            cell_ = static_cast<int>(n);
            try {
                cell(n);
            } catch (const NotebookRaise& e) {
                r_.raised_cell = static_cast<int>(n);
                r_.raised = e.what();
                return;
            } catch (const gpt2::VocabularyKeyError& e) {   // GPT2Tokenizer's KeyError, met in this cell
                r_.raised_cell = static_cast<int>(n);
                r_.raised = "KeyError";
                r_.raised_key = e.key;
                return;
            }
        }
    }

private:
    // Progress (on a terminal: "cell 28, beam search: step 4 of 9"), in units of decisions; a beam
    // search step counts n_beam (its rounds of the beams' chained continuations).
    std::size_t cell_work(long n) const {
        const auto tokens = static_cast<std::size_t>(o_.tokens);
        if (n == 7) return 0;
        if (n == 26) return tokens * o_.kth.size();
        if (n == 28) return static_cast<std::size_t>(o_.beams) * std::max<std::size_t>(tokens, 1);
        return tokens;
    }
    // `what`: the decoder and where it is ("beam search: step 4 of 9"), after "cell N, ".
    void tell(const std::string& what, std::size_t units = 1) {
        if (!progress_) return;
        progress_(std::min(done_, total_), total_, "cell " + std::to_string(cell_) + ", " + what);
        done_ += units;
    }
    static std::string of(long i, long n) { return std::to_string(i) + " of " + std::to_string(n); }
    static const char* decoder_name(long cell) {
        switch (cell) {
            case 10: case 11: return "sampling";
            case 14: case 15: return "greedy search";
            case 18: case 19: return "top-k";
            case 22: case 23: return "nucleus sampling";
            default: return "";
        }
    }
    void print(const std::string& line) {
        if (!showing_) return;
        r_.lines.push_back(line);
        r_.cells.back().lines.push_back(line);
    }
    // One decision of a shown cell, for --format json: the ids appended, their probabilities
    // under the model (before any cut), and its margins.
    using Margins = std::vector<std::pair<std::string, double>>;
    // `kept`: the probabilities after a cut (top-k, nucleus), empty for none.
    void record(const char* decoder, const std::vector<int>& chosen, const std::vector<float>& p, Margins margins,
                const std::vector<float>& kept = {}) {
        if (!showing_) return;
        results::UdlDecodingStep step;
        step.cell = cell_;
        step.decoder = decoder;
        step.chosen = chosen;
        for (int id : chosen) step.probabilities.push_back(p[static_cast<std::size_t>(id)]);
        // the distribution it saw: the most likely tokens (probability descending, then id)
        std::vector<int> order(p.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        const std::size_t shown = std::min<std::size_t>(kTopShown, p.size());
        std::partial_sort(order.begin(), order.begin() + static_cast<long>(shown), order.end(), [&](int a, int b) {
            const float pa = p[static_cast<std::size_t>(a)], pb = p[static_cast<std::size_t>(b)];
            return pa > pb || (pa == pb && a < b);
        });
        for (std::size_t i = 0; i < shown; ++i)
            step.top.push_back({order[i], p[static_cast<std::size_t>(order[i])], tok_.decode_single(order[i], o_.legacy_decode)});
        for (int id : chosen) {
            const float v = p[static_cast<std::size_t>(id)];
            step.chosen_ranks.push_back(1 + std::count_if(p.begin(), p.end(), [v](float q) { return q > v; }));
            step.chosen_texts.push_back(tok_.decode_single(id, o_.legacy_decode));
        }
        if (!kept.empty()) step.kept = std::count_if(kept.begin(), kept.end(), [](float q) { return q > 0; });
        for (auto& m : margins)
            if (m.second >= 0) step.margins.push_back(std::move(m));
        r_.steps.push_back(std::move(step));
    }
    // np.sort(p)[::-1][:count] for a shown cell's margins (nothing for a silent one).
    std::vector<float> largest_if_shown(const std::vector<float>& p, std::size_t count) const {
        return showing_ ? gpt2::largest(p, count) : std::vector<float>();
    }
    void set_seed() { rs_.seed_with(static_cast<std::uint32_t>(o_.seed)); }
    Tokens prompt() const { return Tokens{tok_.encode(o_.prompt), std::nullopt}; }
    std::string decode(const Tokens& t) const { return tok_.decode(t.ids, o_.legacy_decode); }

    std::vector<float> probs(const std::vector<int>& ids) {
        if (static_cast<long>(ids.size()) > model_->config().n_positions)
            throw NotebookRaise("IndexError: index out of range in self");
        return model_->probs(ids);
    }
    bool is(DecodingMistake m) const { return o_.mistake == m; }

    // get_*_token: one step each, extending t's ids
    // argmax (greedy) or choice (sampling), with the margin of that kind of decision
    int draw_or_argmax(const std::vector<float>& p, bool greedy, Margins& margins) {
        if (greedy) {
            margins.push_back({"argmax", gpt2::relative_gap(largest_if_shown(p, 2), 0, 1)});
            return gpt2::argmax(p);
        }
        double draw = -1;
        const int id = gpt2::choice(rs_, p, &draw);
        margins.push_back({"draw", draw});
        return id;
    }
    void sample_next_token(Tokens& t) {
        const std::vector<float> p = probs(t.ids);
        Margins m;
        const bool greedy = is(DecodingMistake::sample_greedy);
        t.ids.push_back(draw_or_argmax(p, greedy, m));
        record(greedy ? "greedy" : "sample", {t.ids.back()}, p, std::move(m));
    }
    void get_best_next_token(Tokens& t) {
        const std::vector<float> p = probs(t.ids);
        Margins m;
        const bool greedy = !is(DecodingMistake::greedy_sample);
        t.ids.push_back(draw_or_argmax(p, greedy, m));
        record(greedy ? "greedy" : "sample", {t.ids.back()}, p, std::move(m));
    }
    void get_top_k_token(Tokens& t) {
        const std::vector<float> p = probs(t.ids);
        const std::size_t kth = static_cast<std::size_t>(o_.k - 1 + (is(DecodingMistake::topk_k) ? 1 : 0));
        const gpt2::TopK cut = gpt2::top_k(p, kth, is(DecodingMistake::topk_ascending), !is(DecodingMistake::topk_no_renorm));
        double draw = -1;
        t.ids.push_back(gpt2::choice(rs_, cut.kept, &draw));
        record("top-k", {t.ids.back()}, p,
               {{"top-k cut", gpt2::relative_gap(largest_if_shown(p, static_cast<std::size_t>(o_.k) + 1), o_.k - 1, o_.k)}, {"draw", draw}},
               cut.kept);
    }
    void get_nucleus_sampling_token(Tokens& t) {
        const std::vector<float> p = probs(t.ids);
        const std::vector<float> sorted = gpt2::sorted_values(p, !is(DecodingMistake::nucleus_ascending));
        const long index = gpt2::nucleus_index(sorted, static_cast<float>(o_.thresh));
        print("Choosing from " + std::to_string(index) + " tokens");
        const long offset = is(DecodingMistake::nucleus_off_by_one) ? 1 : is(DecodingMistake::nucleus_minus_one) ? -1 : 0;
        double draw = -1;
        const std::vector<float> kept = gpt2::nucleus_keep(p, sorted, index, offset);
        t.ids.push_back(gpt2::choice(rs_, kept, &draw));
        if (showing_) {
            const float thresh = static_cast<float>(o_.thresh);
            const std::vector<float> cum = gpt2::cumsum(sorted);
            const auto i = static_cast<std::size_t>(index);
            double cum_margin = -1;   // how far the cumulative sum at the cut was from the threshold
            if (cum[i] > thresh)
                cum_margin = std::min(static_cast<double>(cum[i]) - thresh, i ? static_cast<double>(thresh) - cum[i - 1] : INFINITY) /
                             std::max(std::fabs(o_.thresh), 1e-30);
            record("nucleus", {t.ids.back()}, p,
                   {{"nucleus cum", cum_margin}, {"nucleus cut", gpt2::relative_gap(sorted, index, index + 1)}, {"draw", draw}},
                   kept);
        }
    }
    void get_kth_most_likely_token(Tokens& t, std::size_t k) {
        const std::vector<float> p = probs(t.ids);
        const std::vector<int> next = gpt2::kth_tokens(p, k);
        std::vector<float> logs;
        for (int id : next) logs.push_back(std::log(p[static_cast<std::size_t>(id)]));
        t.ids.insert(t.ids.end(), next.begin(), next.end());
        t.log_prob = add_log(t.log_prob, logs);
        if (showing_) {
            const std::vector<float> s = gpt2::largest(p, k + 2);
            const long kk = static_cast<long>(k);
            record("k-th", next, p, {{"k-th above", gpt2::relative_gap(s, kk - 1, kk)}, {"k-th below", gpt2::relative_gap(s, kk, kk + 1)}});
        }
    }

    template <typename Step>
    void loop(bool reseed, Step step) {
        if (reseed) set_seed();
        Tokens t = prompt();
        for (long i = 0; i < o_.tokens; ++i) {
            tell(std::string(decoder_name(cell_)) + ": token " + of(i + 1, o_.tokens));
            step(t);
            print(decode(t));
        }
    }

    static double scalar(const Tokens& b, const char* raise) {
        if (!b.log_prob) return 0.0;
        if (b.log_prob->size() != 1) throw NotebookRaise(raise);
        return (*b.log_prob)[0];
    }

    void print_beams(const std::vector<Tokens>& beams) {
        for (std::size_t i = 0; i < beams.size(); ++i) {
            const double lp = scalar(beams[i], "TypeError: only size-1 arrays can be converted to Python scalars");
            char head[64];
            std::snprintf(head, sizeof head, "Beam %zu, Prob %3.3f: ", i, lp);   // float32 widened, rounded once
            print(head + decode(beams[i]));
        }
        print("---");
    }

    // One step of the beam tree (shown cells only): each beam's parent and the ids it appends.
    void record_beams(const std::vector<Tokens>& beams, const std::vector<int>& parents, const std::vector<std::size_t>& bases) {
        if (!showing_) return;
        std::vector<results::UdlBeam> step;
        for (std::size_t i = 0; i < beams.size(); ++i) {
            results::UdlBeam b;
            b.parent = parents[i];
            b.appended.assign(beams[i].ids.begin() + static_cast<long>(bases[i]), beams[i].ids.end());
            b.appended_text = tok_.decode(b.appended, o_.legacy_decode);
            b.log_prob = beams[i].log_prob && beams[i].log_prob->size() == 1 ? (*beams[i].log_prob)[0] : 0.0;
            step.push_back(std::move(b));
        }
        r_.beam_steps.push_back(std::move(step));
    }

    // A beam search step asks for n_beam x n_beam candidates' probabilities, beam by beam; with the
    // notebook's quirk each beam's candidates chain (candidate c_k extends the one before it), so
    // only the beams are independent. The candidates are computed ahead, n_beam rounds of one
    // batched pass over the weights for all beams (Model::prefetch), by the same k-th rule; the
    // step itself then runs as the notebook's loops do (the same order, the same raises), its
    // probabilities answered from what was computed. Without the quirk one round holds them all.
    void compute_candidates(const std::vector<Tokens>& beams, std::size_t n_beam) {
        std::vector<std::vector<int>> chain;
        for (const Tokens& b : beams) chain.push_back(b.ids);
        const std::size_t rounds = is(DecodingMistake::beam_without_quirk) ? 1 : n_beam;
        for (std::size_t c_k = 0; c_k < rounds; ++c_k) {
            model_->prefetch(chain);
            if (c_k + 1 == rounds) break;
            for (std::vector<int>& ids : chain) {
                if (static_cast<long>(ids.size()) > model_->config().n_positions) continue;   // raises in the step
                const std::vector<int> next = gpt2::kth_tokens(model_->probs(ids), c_k);
                ids.insert(ids.end(), next.begin(), next.end());
            }
        }
    }

    Tokens do_beam_search(Tokens input, std::size_t n_beam, long beam_length) {
        // Batched passes give other last bits than one-at-a-time ones (sgemm, sgemv): the cell starts
        // from the prompt alone, so that it prints the same whether earlier cells ran or not.
        model_->forget(input.ids);
        input.log_prob = std::nullopt;   // input_tokens_in["log_prob"] = 0.0
        std::vector<Tokens> beams(n_beam);
        std::vector<int> parents(n_beam, -1);      // the tree, for the picture and JSON
        std::vector<std::size_t> bases(n_beam, input.ids.size());
        tell("beam search: the first " + std::to_string(n_beam) + " beams", n_beam);
        for (std::size_t c_k = 0; c_k < n_beam; ++c_k) {
            beams[c_k] = input;
            get_kth_most_likely_token(beams[c_k], c_k);
        }
        print_beams(beams);
        record_beams(beams, parents, bases);
        for (long pos = 0; pos + 1 < beam_length; ++pos) {
            tell("beam search: step " + of(pos + 1, beam_length - 1), n_beam);
            std::vector<std::size_t> lengths(n_beam);   // each beam's length before this step extends it
            for (std::size_t b = 0; b < n_beam; ++b) lengths[b] = beams[b].ids.size();
            compute_candidates(beams, n_beam);
            std::vector<Tokens> all(n_beam * n_beam);
            std::vector<double> log_probs_all(n_beam * n_beam, 0.0);
            for (std::size_t c_beam = 0; c_beam < n_beam; ++c_beam) {
                for (std::size_t c_k = 0; c_k < n_beam; ++c_k) {
                    // the notebook extends beams[c_beam] itself: its continuations chain
                    Tokens copy;
                    Tokens& beam = is(DecodingMistake::beam_without_quirk) ? (copy = beams[c_beam]) : beams[c_beam];
                    get_kth_most_likely_token(beam, c_k);
                    all[c_beam * n_beam + c_k] = beam;
                    log_probs_all[c_beam * n_beam + c_k] =
                        scalar(beam, "ValueError: setting an array element with a sequence.");
                }
            }
            std::vector<double> negated(log_probs_all.size());
            for (std::size_t i = 0; i < negated.size(); ++i) negated[i] = log_probs_all[i] * -1;
            const std::vector<std::size_t> order = gpt2::numpy_argsort(negated);
            for (std::size_t c_k = 0; c_k < n_beam; ++c_k) {
                beams[c_k] = all[order[c_k]];
                parents[c_k] = static_cast<int>(order[c_k] / n_beam);   // candidate c_beam * n_beam + c_k
                bases[c_k] = lengths[order[c_k] / n_beam];
            }
            print_beams(beams);
            record_beams(beams, parents, bases);
        }
        return beams[0];
    }

    void cell(long n) {
        switch (n) {
            case 7: {
                rs_.seed_with(static_cast<std::uint32_t>(o_.token_seed));
                print("Number of tokens in dictionary = " + std::to_string(tok_.size()));
                for (int i = 0; i < 20; ++i) {
                    const auto index = rng::legacy_randint(rs_, static_cast<std::int64_t>(tok_.size()));
                    print("Token: " + std::to_string(index) + " " +
                          tok_.decode_single(static_cast<int>(index), o_.legacy_decode));
                }
                return;
            }
            case 10: return loop(true, [this](Tokens& t) { sample_next_token(t); });
            case 11: return loop(false, [this](Tokens& t) { sample_next_token(t); });
            case 14: return loop(true, [this](Tokens& t) { get_best_next_token(t); });
            case 15: return loop(false, [this](Tokens& t) { get_best_next_token(t); });
            case 18:
            case 19: return loop(true, [this](Tokens& t) { get_top_k_token(t); });
            case 22: return loop(true, [this](Tokens& t) { get_nucleus_sampling_token(t); });
            case 23: return loop(false, [this](Tokens& t) { get_nucleus_sampling_token(t); });
            case 26: {
                set_seed();
                for (long k : o_.kth) {
                    Tokens t = prompt();
                    for (long i = 0; i < o_.tokens; ++i) {
                        tell("k-th token (k = " + std::to_string(k) + "): token " + of(i + 1, o_.tokens));
                        get_kth_most_likely_token(t, static_cast<std::size_t>(k));
                        print(decode(t));
                    }
                }
                return;
            }
            case 28: {
                set_seed();
                const Tokens best = do_beam_search(prompt(), static_cast<std::size_t>(o_.beams), o_.tokens);
                print("Beam search result:");
                print(decode(best));
                return;
            }
        }
    }

    const DecodingOptions& o_;
    const gpt2::Tokenizer& tok_;
    gpt2::Model* model_;
    results::UdlDecodingReport& r_;
    rng::LegacyRandomState rs_;
    bool showing_ = false;
    int cell_ = 0;
    const Progress& progress_;
    std::size_t done_ = 0, total_ = 0;
};

}  // namespace

long carried_from(long cell) {
    switch (cell) {
        case 11: return 10;   // sample_next_token goes on drawing
        case 15: return 14;
        case 23: return 22;
        default: return 0;    // every other cell reseeds
    }
}

namespace {

std::string cell_list() {
    std::string s;
    for (long n : decoding_cells()) s += (s.empty() ? "" : ", ") + std::to_string(n);
    return s;
}

}  // namespace

std::vector<std::string> decoding_mistake_names() {
    std::vector<std::string> out;
    for (const MistakeEntry& e : mistake_table()) out.push_back(e.name);
    return out;
}

DecodingMistake parse_decoding_mistake(const std::string& name) {
    for (const MistakeEntry& e : mistake_table())
        if (e.name == name) return e.mistake;
    std::string names;
    for (const MistakeEntry& e : mistake_table()) names += (names.empty() ? "" : ", ") + std::string(e.name);
    throw UsageError("--mistake", "12.4's mistakes are " + names);
}

std::string decoding_mistake_name(DecodingMistake m) {
    for (const MistakeEntry& e : mistake_table())
        if (e.mistake == m) return e.name;
    return "";
}

std::string decoding_mistake_explanation(DecodingMistake m) {
    for (const MistakeEntry& e : mistake_table())
        if (e.mistake == m) return e.explanation;
    return "";
}

const std::vector<long>& decoding_cells() {
    static const std::vector<long> cells = {7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 28};
    return cells;
}

void validate(const DecodingOptions& o) {
    for (long n : o.cells)
        if (std::find(decoding_cells().begin(), decoding_cells().end(), n) == decoding_cells().end())
            throw UsageError("--cell", "cell " + std::to_string(n) + " prints nothing; the printing cells are " + cell_list());
    if (o.seed < 0 || o.seed > 4294967295L) throw UsageError("--seed", "must be in 0..4294967295 (np.random.seed)");
    if (o.token_seed < 0 || o.token_seed > 4294967295L)
        throw UsageError("--token-seed", "must be in 0..4294967295 (np.random.seed)");
    if (o.tokens < 0 || o.tokens > 10000) throw UsageError("--tokens", "must be in 0..10000");
    if (o.beams < 1 || o.beams > 1000) throw UsageError("--beams", "must be in 1..1000");
    if (o.kth.empty()) throw UsageError("--kth", "must not be empty");
    if (!std::isfinite(o.thresh) || std::fabs(o.thresh) > 3e38) throw UsageError("--thresh", "must be a finite float32 number");
    if (!text::is_valid(o.prompt)) throw UsageError("--prompt", "is not valid UTF-8");
}

namespace {

// The vocabulary and model a run reads, checked against the options (decoding_cells' runs share
// them).
struct Loaded {
    std::unique_ptr<gpt2::Tokenizer> tok;
    std::unique_ptr<gpt2::Model> model;
    std::vector<int> prompt_ids;
    std::string inferred;
    std::optional<std::string> prompt_key_error;   // the prompt met a KeyError: no cell runs
};

Loaded load(const DecodingOptions& o, const std::set<long>& shown) {
    Loaded l;
    // A model path that names nothing is --model's fault (before the vocabulary, which it would hold).
    if (!o.model.empty() && !files::exists(o.model)) throw IoError("--model: " + o.model + ": no such file or folder");
    const std::string folder = !o.vocab.empty() ? o.vocab : (files::is_dir(o.model) ? o.model : std::string());
    if (folder.empty())
        throw UsageError("--vocab", "give --vocab DIR (or --model DIR with vocab.json + merges.txt in it); GPT-2's "
                                    "vocabulary and weights: the Hugging Face folder gpt2 (docs/udl.md)");
    l.tok = std::make_unique<gpt2::Tokenizer>(gpt2::Tokenizer::from_folder(folder));
    if (o.model.empty()) {
        if (shown != std::set<long>{7}) throw UsageError("--model", "the decoding cells need --model; without it only --cell 7 runs");
        return l;
    }
    l.model = gpt2::Model::load(o.model, l.inferred);
    const long V = l.model->config().vocab_size;
    if (V > static_cast<long>(l.tok->size()))
        throw IoError("the model predicts " + std::to_string(V) + " ids but the vocabulary decodes " +
                      std::to_string(l.tok->size()));
    std::vector<int> ids;
    try {
        ids = l.tok->encode(o.prompt);   // before any cell, as the reference checks the prompt
    } catch (const gpt2::VocabularyKeyError& e) {
        l.prompt_key_error = e.key;
        return l;
    }
    l.prompt_ids = ids;
    if (ids.empty()) throw UsageError("--prompt", "encodes to no tokens (the model needs at least one)");
    if (*std::max_element(ids.begin(), ids.end()) >= V)
        throw UsageError("--prompt", "has token id " + std::to_string(*std::max_element(ids.begin(), ids.end())) +
                                         ", past the model's vocabulary (" + std::to_string(V) + ")");
    const long k_max = V - (o.mistake == DecodingMistake::topk_k ? 1 : 0);
    if (o.k < 1 || o.k > k_max) throw UsageError("--k", "must be in 1.." + std::to_string(k_max));
    for (long k : o.kth)
        if (k < 0 || k >= V) throw UsageError("--kth", "values must be in 0.." + std::to_string(V - 1));
    if (o.beams > V) throw UsageError("--beams", "must be at most " + std::to_string(V));
    return l;
}

results::UdlDecodingReport run_loaded(const DecodingOptions& o, Loaded& l, const std::set<long>& shown, bool needed_only,
                                      const Progress& progress = {}) {
    results::UdlDecodingReport r;
    r.inferred = l.inferred;
    r.prompt_ids = l.prompt_ids;
    if (l.prompt_key_error) {
        r.raised = "KeyError";
        r.raised_key = l.prompt_key_error;
        r.raised_at_prompt = true;
        return r;
    }
    Notebook(o, *l.tok, l.model.get(), r, progress).run(shown, needed_only);
    return r;
}

}  // namespace

results::UdlDecodingReport run_udl_decoding(const DecodingOptions& o, const Progress& progress) {
    validate(o);
    std::set<long> shown(o.cells.begin(), o.cells.end());
    const bool all = shown.empty();
    if (all) shown = o.model.empty() ? std::set<long>{7} : std::set<long>(decoding_cells().begin(), decoding_cells().end());
    Loaded l = load(o, shown);
    results::UdlDecodingReport r = run_loaded(o, l, shown, false, progress);
    r.model_missing = o.model.empty() && all;
    return r;
}

results::UdlAttentionReport run_udl_attention(const DecodingOptions& o, std::optional<std::pair<long, long>> lh) {
    validate(o);
    if (o.model.empty()) throw UsageError("--attention", "needs --model (or ATTN_GPT2_MODEL)");
    Loaded l = load(o, {10});
    if (l.prompt_key_error)
        throw IoError("--vocab: the vocabulary lacks the token '" + *l.prompt_key_error + "' that the prompt's merges make");
    const gpt2::Config& c = l.model->config();
    if (lh && (lh->first < 0 || lh->first >= c.n_layer || lh->second < 0 || lh->second >= c.n_head))
        throw UsageError("--attention", "layer must be in 0.." + std::to_string(c.n_layer - 1) + " and head in 0.." +
                                            std::to_string(c.n_head - 1) + " (got " + std::to_string(lh->first) + "," +
                                            std::to_string(lh->second) + ")");
    if (static_cast<long>(l.prompt_ids.size()) > c.n_positions)
        throw UsageError("--prompt", "has " + std::to_string(l.prompt_ids.size()) + " tokens; the model takes at most " +
                                         std::to_string(c.n_positions));
    results::UdlAttentionReport r;
    r.ids = l.prompt_ids;
    for (int id : r.ids) r.tokens.push_back(l.tok->decode({id}, o.legacy_decode));
    r.layers = c.n_layer;
    r.heads = c.n_head;
    r.shown = lh;
    r.weights = l.model->attention(r.ids);
    r.inferred = l.inferred;
    return r;
}

std::vector<results::UdlDecodingReport> run_udl_decoders(const DecodingOptions& o, const std::vector<DecoderRun>& runs) {
    validate(o);
    std::vector<results::UdlDecodingReport> out;
    if (runs.empty()) return out;
    if (o.model.empty()) throw UsageError("--model", "the decoding cells need --model");
    Loaded l = load(o, {10});
    for (const DecoderRun& run : runs) {
        DecodingOptions v = o;
        v.mistake = run.mistake;
        if (run.mistake == DecodingMistake::topk_k && o.k >= l.model->config().vocab_size) {
            out.emplace_back();   // the notebook's sorted[k] would be past the end: refused as --k
            out.back().raised_cell = -1;
            continue;
        }
        out.push_back(run_loaded(v, l, std::set<long>(run.cells.begin(), run.cells.end()), true));
    }
    return out;
}

}  // namespace attn::experiments
