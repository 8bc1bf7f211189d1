#pragma once
// Byte-pair encoding as notebook 12.3 (Tokenization) computes it, the chapter's figure 12.8:
// each word of the text (str.split()) starts as its code points plus the end-of-word token
// "</w>"; a merge takes the pair of adjacent tokens with the largest count summed over the
// words (each word weighted by how often it occurs) and joins it wherever it stands as two whole
// tokens, left to right. The notebook's Python dicts keep first-seen order, and max() keeps the
// first of equal counts, so a tie goes to the pair seen first when the words are read in order
// (docs/spec/python-text.md). Plain data, no printing: experiments/udl_tokenize renders nothing
// either, render/udl_text prints.
//
// Cost: the pair counts are kept up to date incrementally (only the words that hold the merged
// pair are recounted), and the pairs are ranked by (count, first occurrence), which is the
// notebook's dict order, so a merge costs about the length of the words it touches plus a log.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attn::tokenize::bpe {

using TokenId = std::uint32_t;
using Pair = std::pair<TokenId, TokenId>;

// How a tie between pairs of equal count is broken: `first` is the notebook's max() (the pair
// seen first), `sorted` the smallest pair in Python's tuple-of-str order, `last` the pair seen
// last (the last two are common wrong solutions).
enum class TieRule { first, sorted, last };

// One state of the vocabulary: per distinct word, in first-seen order, its tokens.
using State = std::vector<std::vector<TokenId>>;

struct Counted {
    std::string text;   // a word's tokens joined by " ", or a token
    long count = 0;
};
struct CountedPair {
    std::string first, second;
    long count = 0;
};

class Merger {
public:
    // initialize_vocabulary(text): `words` as python::split_words_into_code_points gives them.
    Merger(const std::vector<std::vector<std::string>>& words, TieRule rule);
    Merger(const Merger&) = delete;   // sorted_'s comparator points at this object
    Merger& operator=(const Merger&) = delete;

    bool has_pair() const { return !ranked_.empty(); }
    // The pair the notebook's best_pair() picks; has_pair() must be true.
    Pair best_pair() const;
    // merge_pair_in_vocabulary(pair): every whole-token occurrence, left to right.
    void merge(Pair pair);

    std::size_t distinct_tokens() const { return distinct_tokens_; }
    const std::string& text(TokenId id) const { return tokens_[id]; }
    State state() const;

    // The notebook's dicts of a state, in their insertion order.
    std::vector<Counted> vocabulary(const State& s) const;          // word -> count
    std::vector<Counted> token_frequencies(const State& s) const;   // token -> summed count
    std::vector<CountedPair> pair_counts(const State& s) const;     // (a, b) -> summed count

private:
    // An occurrence of a pair: (word, code-point offset of its first token in the word). Sorted,
    // these are the order in which the notebook's loops first meet each pair.
    using Occurrence = std::pair<std::uint32_t, std::uint32_t>;
    struct Word {
        std::vector<TokenId> tokens;
        std::vector<std::uint32_t> starts;   // code-point offset of each token
        long count = 0;
    };
    struct PairStats {
        Pair pair;
        long count = 0;
        std::set<Occurrence> at;
        bool detached = false;   // out of ranked_ while its counts change
    };
    // Count descending, then first occurrence ascending: the first element is max()'s pick.
    struct Rank {
        long count;
        Occurrence first;
        std::uint32_t stats;
        bool operator<(const Rank& o) const {
            return count != o.count ? count > o.count : first < o.first;
        }
    };

    // For TieRule::sorted: count descending, then the pair in Python's tuple-of-str order.
    struct SortedLess {
        const Merger* m;
        bool operator()(const std::pair<long, std::uint32_t>& a, const std::pair<long, std::uint32_t>& b) const;
    };

    TokenId intern(const std::string& token);
    std::uint32_t stats_of(Pair pair);
    void detach(std::uint32_t stats);
    void reattach();
    void count_word(std::uint32_t w, long sign);

    TieRule rule_;
    std::vector<std::string> tokens_;
    std::unordered_map<std::string, TokenId> token_ids_;
    std::vector<long> token_freq_;
    std::size_t distinct_tokens_ = 0;
    std::vector<Word> words_;
    std::vector<PairStats> pairs_;
    std::unordered_map<std::uint64_t, std::uint32_t> pair_ids_;
    std::set<Rank> ranked_;
    std::set<std::pair<long, std::uint32_t>, SortedLess> sorted_{SortedLess{this}};   // sorted rule only
    std::vector<std::uint32_t> detached_;
};

}  // namespace attn::tokenize::bpe
