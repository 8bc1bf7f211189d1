#include "tokenize/bpe.hpp"

#include <iterator>
#include <stdexcept>

namespace attn::tokenize::bpe {
namespace {

constexpr const char* kEndOfWord = "</w>";   // the notebook's " </w>" appended to each word

std::uint64_t key(Pair p) { return (static_cast<std::uint64_t>(p.first) << 32) | p.second; }

// A dict in insertion order: the first time a key is met it takes the next place.
template <class Key, class Entry>
Entry& slot(std::unordered_map<Key, std::size_t>& index, std::vector<Entry>& entries, const Key& k) {
    const auto [it, fresh] = index.try_emplace(k, entries.size());
    if (fresh) entries.emplace_back();
    return entries[it->second];
}

}  // namespace

Merger::Merger(const std::vector<std::vector<std::string>>& words, TieRule rule) : rule_(rule) {
    // vocab[" ".join(list(word)) + " </w>"] += 1, in first-seen order
    std::unordered_map<std::string, std::uint32_t> seen;
    for (const auto& chars : words) {
        std::string spelled;
        for (const auto& c : chars) spelled += c;
        const auto [it, fresh] = seen.try_emplace(spelled, static_cast<std::uint32_t>(words_.size()));
        if (!fresh) {
            ++words_[it->second].count;
            continue;
        }
        Word w;
        w.count = 1;
        for (std::uint32_t i = 0; i < chars.size(); ++i) {
            w.tokens.push_back(intern(chars[i]));
            w.starts.push_back(i);
        }
        w.tokens.push_back(intern(kEndOfWord));
        w.starts.push_back(static_cast<std::uint32_t>(chars.size()));
        words_.push_back(std::move(w));
    }
    for (std::uint32_t w = 0; w < words_.size(); ++w) count_word(w, +1);
    reattach();
}

TokenId Merger::intern(const std::string& token) {
    const auto [it, fresh] = token_ids_.try_emplace(token, static_cast<TokenId>(tokens_.size()));
    if (fresh) {
        tokens_.push_back(token);
        token_freq_.push_back(0);
    }
    return it->second;
}

std::uint32_t Merger::stats_of(Pair pair) {
    const auto [it, fresh] = pair_ids_.try_emplace(key(pair), static_cast<std::uint32_t>(pairs_.size()));
    if (fresh) {
        pairs_.emplace_back();
        pairs_.back().pair = pair;
    }
    return it->second;
}

bool Merger::SortedLess::operator()(const std::pair<long, std::uint32_t>& a,
                                    const std::pair<long, std::uint32_t>& b) const {
    if (a.first != b.first) return a.first > b.first;
    // Python orders tuples of str element by element, each str by code point, which is the
    // order of their UTF-8 bytes (std::string compares as unsigned char).
    const Pair& x = m->pairs_[a.second].pair;
    const Pair& y = m->pairs_[b.second].pair;
    const int c = m->tokens_[x.first].compare(m->tokens_[y.first]);
    return c != 0 ? c < 0 : m->tokens_[x.second] < m->tokens_[y.second];
}

void Merger::detach(std::uint32_t s) {
    PairStats& p = pairs_[s];
    if (p.detached) return;
    if (p.count > 0) ranked_.erase(Rank{p.count, *p.at.begin(), s});
    if (p.count > 0 && rule_ == TieRule::sorted) sorted_.erase({p.count, s});
    p.detached = true;
    detached_.push_back(s);
}

void Merger::reattach() {
    for (std::uint32_t s : detached_) {
        PairStats& p = pairs_[s];
        p.detached = false;
        if (p.count > 0) ranked_.insert(Rank{p.count, *p.at.begin(), s});
        if (p.count > 0 && rule_ == TieRule::sorted) sorted_.insert({p.count, s});
    }
    detached_.clear();
}

// Adds (sign +1) or removes (-1) word w's tokens and adjacent pairs, each weighted by the word's
// count, as get_tokens_and_frequencies and get_pairs_and_counts sum them.
void Merger::count_word(std::uint32_t w, long sign) {
    const Word& word = words_[w];
    for (TokenId t : word.tokens) {
        long& f = token_freq_[t];
        if (f == 0) ++distinct_tokens_;
        f += sign * word.count;
        if (f == 0) --distinct_tokens_;
    }
    for (std::size_t i = 0; i + 1 < word.tokens.size(); ++i) {
        const std::uint32_t s = stats_of({word.tokens[i], word.tokens[i + 1]});
        detach(s);
        PairStats& p = pairs_[s];
        p.count += sign * word.count;
        if (sign > 0) p.at.insert({w, word.starts[i]});
        else p.at.erase({w, word.starts[i]});
    }
}

Pair Merger::best_pair() const {
    if (ranked_.empty()) throw std::logic_error("best_pair: no pair left");
    const long top = ranked_.begin()->count;
    switch (rule_) {
        case TieRule::first:
            break;
        case TieRule::last: {
            // the last of the top count: everything before the first rank of count top - 1
            const auto end = ranked_.lower_bound(Rank{top - 1, {0, 0}, 0});
            return pairs_[std::prev(end)->stats].pair;
        }
        case TieRule::sorted:
            // sorted(tied)[0]: the first of sorted_, whose first key is the same count
            return pairs_[sorted_.begin()->second].pair;
    }
    return pairs_[ranked_.begin()->stats].pair;
}

void Merger::merge(Pair pair) {
    const auto found = pair_ids_.find(key(pair));
    if (found == pair_ids_.end() || pairs_[found->second].count == 0) return;   // nothing to join
    const TokenId joined = intern(tokens_[pair.first] + tokens_[pair.second]);
    std::vector<std::uint32_t> touched;   // the words that hold the pair, in order
    for (const Occurrence& o : pairs_[found->second].at) {
        if (touched.empty() || touched.back() != o.first) touched.push_back(o.first);
    }
    for (std::uint32_t w : touched) {
        count_word(w, -1);
        Word& word = words_[w];
        // re.sub of (?<!\S)a b(?!\S): whole tokens, non-overlapping, left to right
        std::size_t out = 0;
        for (std::size_t i = 0; i < word.tokens.size(); ++i, ++out) {
            word.starts[out] = word.starts[i];
            if (i + 1 < word.tokens.size() && word.tokens[i] == pair.first && word.tokens[i + 1] == pair.second) {
                word.tokens[out] = joined;
                ++i;
            } else {
                word.tokens[out] = word.tokens[i];
            }
        }
        word.tokens.resize(out);
        word.starts.resize(out);
        count_word(w, +1);
    }
    reattach();
}

State Merger::state() const {
    State s;
    s.reserve(words_.size());
    for (const Word& w : words_) s.push_back(w.tokens);
    return s;
}

std::vector<Counted> Merger::vocabulary(const State& s) const {
    std::vector<Counted> out;
    out.reserve(s.size());
    for (std::size_t w = 0; w < s.size(); ++w) {
        Counted c;
        for (std::size_t i = 0; i < s[w].size(); ++i) c.text += (i ? " " : "") + tokens_[s[w][i]];
        c.count = words_[w].count;
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Counted> Merger::token_frequencies(const State& s) const {
    std::unordered_map<TokenId, std::size_t> index;
    std::vector<Counted> out;
    for (std::size_t w = 0; w < s.size(); ++w) {
        for (TokenId t : s[w]) {
            Counted& c = slot(index, out, t);
            if (c.text.empty()) c.text = tokens_[t];
            c.count += words_[w].count;
        }
    }
    return out;
}

std::vector<CountedPair> Merger::pair_counts(const State& s) const {
    std::unordered_map<std::uint64_t, std::size_t> index;
    std::vector<CountedPair> out;
    for (std::size_t w = 0; w < s.size(); ++w) {
        for (std::size_t i = 0; i + 1 < s[w].size(); ++i) {
            CountedPair& c = slot(index, out, key({s[w][i], s[w][i + 1]}));
            if (c.count == 0) {
                c.first = tokens_[s[w][i]];
                c.second = tokens_[s[w][i + 1]];
            }
            c.count += words_[w].count;
        }
    }
    return out;
}

}  // namespace attn::tokenize::bpe
