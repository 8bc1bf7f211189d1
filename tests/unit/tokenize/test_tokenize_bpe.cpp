// core/bpe and core/python_text: the incremental merger against a plain transcription of the
// notebook's loops (recount every pair of every word after each merge, Python dict order, max()
// keeping the first of equal counts; ties by sorted order or the last seen for the mistakes),
// over random texts with many ties. Also str.split()'s whitespace set at its edges.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tokenize/bpe.hpp"
#include "python/python_text.hpp"

using namespace attn::tokenize;
using namespace attn::python;

namespace {

using Tokens = std::vector<std::string>;
struct NaiveWord {
    Tokens tokens;
    long count;
};

// The notebook's get_pairs_and_counts, as an insertion-ordered list.
std::vector<std::pair<std::pair<std::string, std::string>, long>> naive_pairs(const std::vector<NaiveWord>& v) {
    std::vector<std::pair<std::pair<std::string, std::string>, long>> out;
    std::map<std::pair<std::string, std::string>, std::size_t> at;
    for (const auto& w : v) {
        for (std::size_t i = 0; i + 1 < w.tokens.size(); ++i) {
            const auto key = std::make_pair(w.tokens[i], w.tokens[i + 1]);
            const auto [it, fresh] = at.try_emplace(key, out.size());
            if (fresh) out.push_back({key, 0});
            out[it->second].second += w.count;
        }
    }
    return out;
}

std::pair<std::string, std::string> naive_best(const std::vector<NaiveWord>& v, bpe::TieRule rule) {
    const auto pairs = naive_pairs(v);
    long top = 0;
    for (const auto& p : pairs) top = std::max(top, p.second);
    std::vector<std::pair<std::string, std::string>> tied;
    for (const auto& p : pairs) {
        if (p.second == top) tied.push_back(p.first);
    }
    if (rule == bpe::TieRule::last) return tied.back();
    if (rule == bpe::TieRule::sorted) return *std::min_element(tied.begin(), tied.end());
    return tied.front();
}

// re.sub of (?<!\S)a b(?!\S) on the word's " "-joined tokens, done on the joined string itself.
void naive_merge(std::vector<NaiveWord>& v, const std::pair<std::string, std::string>& p) {
    const std::string bigram = p.first + " " + p.second;
    for (auto& w : v) {
        std::string s;
        for (std::size_t i = 0; i < w.tokens.size(); ++i) s += (i ? " " : "") + w.tokens[i];
        std::string out;
        std::size_t i = 0;
        while (i < s.size()) {
            const bool before = i == 0 || s[i - 1] == ' ';
            const bool here = s.compare(i, bigram.size(), bigram) == 0;
            const bool after = i + bigram.size() == s.size() || (i + bigram.size() < s.size() && s[i + bigram.size()] == ' ');
            if (before && here && after) {
                out += p.first + p.second;
                i += bigram.size();
            } else {
                out += s[i++];
            }
        }
        w.tokens.clear();
        std::size_t start = 0;
        for (std::size_t k = 0; k <= out.size(); ++k) {
            if (k == out.size() || out[k] == ' ') {
                w.tokens.push_back(out.substr(start, k - start));
                start = k + 1;
            }
        }
    }
}

std::vector<NaiveWord> naive_vocabulary(const std::string& text) {
    std::vector<NaiveWord> v;
    std::map<std::string, std::size_t> at;
    for (const auto& chars : split_words_into_code_points(text)) {
        std::string spelled;
        for (const auto& c : chars) spelled += c;
        const auto [it, fresh] = at.try_emplace(spelled, v.size());
        if (fresh) {
            Tokens t = chars;
            t.push_back("</w>");
            v.push_back({t, 0});
        }
        ++v[it->second].count;
    }
    return v;
}

std::string random_text(std::mt19937& g) {
    static const std::vector<std::string> pieces = {"a", "b", "c", "a", "b", "ab", "ba", "é", "床", "前", "</w>", "<", "w"};
    std::string t;
    const int words = std::uniform_int_distribution<int>(1, 30)(g);
    for (int i = 0; i < words; ++i) {
        const int len = std::uniform_int_distribution<int>(1, 6)(g);
        for (int k = 0; k < len; ++k) t += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(g)];
        t += std::uniform_int_distribution<int>(0, 3)(g) ? " " : "\u3000";
    }
    return t;
}

}  // namespace

TEST_CASE("bpe: incremental merges equal the notebook's recount after every merge, for every tie rule") {
    std::mt19937 g(20261201);
    const int texts = std::getenv("ATTN_SANITIZED") ? 60 : 300;
    for (int n = 0; n < texts; ++n) {
        const std::string text = random_text(g);
        for (bpe::TieRule rule : {bpe::TieRule::first, bpe::TieRule::sorted, bpe::TieRule::last}) {
            bpe::Merger m(split_words_into_code_points(text), rule);
            std::vector<NaiveWord> naive = naive_vocabulary(text);
            for (int step = 0; m.has_pair(); ++step) {
                const auto want = naive_best(naive, rule);
                const bpe::Pair got = m.best_pair();
                REQUIRE(m.text(got.first) == want.first);
                REQUIRE(m.text(got.second) == want.second);
                m.merge(got);
                naive_merge(naive, want);
                const auto state = m.state();
                const auto vocab = m.vocabulary(state);
                REQUIRE(vocab.size() == naive.size());
                std::map<std::string, long> tokens;
                for (std::size_t w = 0; w < naive.size(); ++w) {
                    std::string joined;
                    for (std::size_t i = 0; i < naive[w].tokens.size(); ++i) joined += (i ? " " : "") + naive[w].tokens[i];
                    REQUIRE(vocab[w].text == joined);
                    REQUIRE(vocab[w].count == naive[w].count);
                    for (const auto& t : naive[w].tokens) tokens[t] += naive[w].count;
                }
                REQUIRE(m.distinct_tokens() == tokens.size());
                REQUIRE(m.token_frequencies(state).size() == tokens.size());
                const auto pairs = m.pair_counts(state);
                const auto want_pairs = naive_pairs(naive);
                REQUIRE(pairs.size() == want_pairs.size());
                for (std::size_t i = 0; i < pairs.size(); ++i) {
                    REQUIRE(pairs[i].first == want_pairs[i].first.first);
                    REQUIRE(pairs[i].second == want_pairs[i].first.second);
                    REQUIRE(pairs[i].count == want_pairs[i].second);
                }
            }
            // no pair left: every word is one token
            for (const auto& w : m.state()) CHECK(w.size() == 1);
        }
    }
}

TEST_CASE("bpe: the rhyme of figure 12.8, 19 tokens at the start, 29 at most, 18 after 50 merges") {
    const std::string rhyme =
        "a sailor went to sea sea sea to see what he could see see see but all that he could see see "
        "see was the bottom of the deep blue sea sea sea";
    bpe::Merger m(split_words_into_code_points(rhyme), bpe::TieRule::first);
    std::vector<std::size_t> counts{m.distinct_tokens()};
    while (m.has_pair()) {
        m.merge(m.best_pair());
        counts.push_back(m.distinct_tokens());
    }
    CHECK(counts.front() == 19);
    CHECK(*std::max_element(counts.begin(), counts.end()) == 29);
    REQUIRE(counts.size() == 51);   // 50 merges, then no pair is left
    CHECK(counts[50] == 18);        // one token per distinct word
}

TEST_CASE("python_text: str.split()'s whitespace and code points") {
    CHECK(python_isspace(U' '));
    CHECK(python_isspace(0x1C));    // the information separators are whitespace for Python
    CHECK(python_isspace(0x1F));
    CHECK(python_isspace(0x85));
    CHECK(python_isspace(0x3000));
    CHECK(python_isspace(0x2028));
    CHECK_FALSE(python_isspace(0x200B));   // zero-width space is not
    CHECK_FALSE(python_isspace(0xFEFF));
    CHECK_FALSE(python_isspace(0x1B));
    const auto words = split_words_into_code_points("\u3000床前 a\u00a0b\x1c");
    REQUIRE(words.size() == 3);
    CHECK(words[0] == std::vector<std::string>{"床", "前"});
    CHECK(words[1] == std::vector<std::string>{"a"});
    CHECK(words[2] == std::vector<std::string>{"b"});
    CHECK(well_formed_utf8("床"));
    CHECK_FALSE(well_formed_utf8("\xed\xa0\x80"));   // a surrogate
    CHECK_FALSE(well_formed_utf8("\xc0\xaf"));       // an overlong form
    CHECK_FALSE(well_formed_utf8("\xe5\xba"));       // cut short
}
