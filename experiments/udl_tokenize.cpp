// Notebook 12.3 (Tokenization), the solved notebook's cells in its order: the vocabulary of the
// text, its tokens and pairs, one merge by hand, then tokenize(text, merges). The merges
// themselves are core/bpe's; this file chooses what each cell shows and which wrong tokenize()
// a mistake replays.
#include "experiments/udl_tokenize.hpp"

#include <stdexcept>

#include "tokenize/bpe.hpp"
#include "python/python_text.hpp"
#include "errors.hpp"
#include "experiments/checks.hpp"
#include "input/udl_tokenize_text.hpp"

namespace attn::experiments {
namespace {

using tokenize::bpe::Merger;
using tokenize::bpe::State;

std::vector<results::UdlCount> counts(const std::vector<tokenize::bpe::Counted>& in) {
    std::vector<results::UdlCount> out;
    out.reserve(in.size());
    for (const auto& c : in) out.push_back({c.text, c.count});
    return out;
}

std::vector<results::UdlPair> pairs(const std::vector<tokenize::bpe::CountedPair>& in) {
    std::vector<results::UdlPair> out;
    out.reserve(in.size());
    for (const auto& c : in) out.push_back({c.first, c.second, c.count});
    return out;
}

results::UdlPair named(const Merger& m, tokenize::bpe::Pair p) { return {m.text(p.first), m.text(p.second), 0}; }

tokenize::bpe::TieRule tie_rule(TokenizeMistake mistake) {
    switch (mistake) {
        case TokenizeMistake::sorted_ties: return tokenize::bpe::TieRule::sorted;
        case TokenizeMistake::last_tie: return tokenize::bpe::TieRule::last;
        default: return tokenize::bpe::TieRule::first;
    }
}

bool same(const std::vector<results::UdlCount>& a, const std::vector<results::UdlCount>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].key != b[i].key || a[i].count != b[i].count) return false;
    }
    return true;
}

bool same(const std::vector<results::UdlPair>& a, const std::vector<results::UdlPair>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].first != b[i].first || a[i].second != b[i].second) return false;
    }
    return true;
}

}  // namespace

std::vector<TokenizeMistake> tokenize_mistakes() {
    return {TokenizeMistake::stale_tokens, TokenizeMistake::pairs_once, TokenizeMistake::sorted_ties,
            TokenizeMistake::last_tie};
}

std::string tokenize_mistake_name(TokenizeMistake m) {
    switch (m) {
        case TokenizeMistake::none: return "";
        case TokenizeMistake::stale_tokens: return "stale-tokens";
        case TokenizeMistake::pairs_once: return "pairs-once";
        case TokenizeMistake::sorted_ties: return "sorted-ties";
        case TokenizeMistake::last_tie: return "last-tie";
    }
    return "";
}

std::optional<TokenizeMistake> find_tokenize_mistake(const std::string& name) {
    for (TokenizeMistake m : tokenize_mistakes()) {
        if (tokenize_mistake_name(m) == name) return m;
    }
    return std::nullopt;
}

std::string tokenize_mistake_explanation(TokenizeMistake m) {
    switch (m) {
        case TokenizeMistake::none: return "";
        case TokenizeMistake::stale_tokens:
            return "the tokens were counted at the start of each merge but not again after the "
                   "last one, so they are one merge behind the vocabulary.";
        case TokenizeMistake::pairs_once:
            return "the pairs were counted once, before the loop, so every merge picks the same "
                   "pair and only the first one changes the vocabulary.";
        case TokenizeMistake::sorted_ties:
            return "pairs of equal count were broken by their sorted order instead of the order "
                   "they were first seen in (max() keeps the first).";
        case TokenizeMistake::last_tie:
            return "pairs of equal count were broken by the last one seen instead of the first "
                   "(max() keeps the first).";
    }
    return "";
}

void validate_tokenize(const TokenizeOptions& o) {
    if (o.merges) require_in_range("--merges", *o.merges, 0, kTokenizeMaxMerges);
    if (!o.text) return;
    const std::string& t = *o.text;
    if (static_cast<long>(t.size()) > kTokenizeMaxTextBytes)
        throw UsageError("--text", "must be at most " + std::to_string(kTokenizeMaxTextBytes) +
                                       " bytes of UTF-8 (got " + std::to_string(t.size()) + ")");
    // A Python str from the command line: bytes that are not UTF-8 would become lone surrogates,
    // which the notebook cannot encode (the reference stops with a traceback).
    if (!python::well_formed_utf8(t)) throw UsageError("--text", "must be UTF-8 text");
    if (t.find('\\') != std::string::npos)
        throw UsageError("--text", "a backslash would be read by re.sub as an escape; leave it out");
    if (python::split_words_into_code_points(t).empty())
        throw UsageError("--text", "needs at least one word");
}

results::Udl123 run_tokenize(const TokenizeOptions& o) {
    validate_tokenize(o);
    results::Udl123 r;
    r.text = o.text.value_or(kSailorRhyme);
    r.merges = o.merges.value_or(kTokenizeDefaultMerges);
    r.mistake = tokenize_mistake_name(o.mistake);
    const long n = r.merges;

    // pairs-once differs only inside tokenize(); every other cell, and the check of how many
    // merges the text allows, merge with fresh counts under the mistake's tie rule.
    Merger m(python::split_words_into_code_points(r.text), tie_rule(o.mistake));
    if (!m.has_pair())
        throw UsageError("--text", "needs a word of two or more characters (the notebook merges one pair by hand)");
    const State initial = m.state();
    r.vocabulary = counts(m.vocabulary(initial));
    r.tokens = counts(m.token_frequencies(initial));
    r.pairs = pairs(m.pair_counts(initial));

    State after_one, before_last = initial, last = initial;
    std::vector<results::Udl123::State> fresh_states{{0, r.tokens}};
    std::vector<long> fresh_counts{static_cast<long>(m.distinct_tokens())};
    for (long i = 0; i < std::max(n, 1L); ++i) {
        if (!m.has_pair())   // only for i < n: the first merge always has a pair (checked above)
            throw UsageError("--merges", "this text allows at most " + std::to_string(i) +
                                             " merges (got " + std::to_string(n) + ")");
        if (i == n - 1) before_last = m.state();
        const tokenize::bpe::Pair p = m.best_pair();
        m.merge(p);
        if (i < n) {
            r.chosen.push_back(named(m, p));
            fresh_counts.push_back(static_cast<long>(m.distinct_tokens()));
            if (i == 1 && n > 2) fresh_states.push_back({2, counts(m.token_frequencies(m.state()))});
        }
        if (i == 0) {
            after_one = m.state();
            r.first_merge = named(m, p);
            r.merged_vocabulary = counts(m.vocabulary(after_one));
            r.merged_tokens = counts(m.token_frequencies(after_one));
            if (n > 1) fresh_states.push_back({1, r.merged_tokens});
        }
    }
    if (n > 0) last = m.state();

    r.final_vocabulary_defaultdict = n == 0;
    if (o.mistake == TokenizeMistake::pairs_once) {
        // every merge picks the first merge's pair again; after the first it is gone
        const State& s = n > 0 ? after_one : initial;
        r.chosen.assign(static_cast<std::size_t>(n), r.first_merge);
        r.final_vocabulary = counts(m.vocabulary(s));
        r.final_tokens = counts(m.token_frequencies(s));
        r.token_counts.assign(static_cast<std::size_t>(n + 1), static_cast<long>(r.merged_tokens.size()));
        r.token_counts[0] = static_cast<long>(r.tokens.size());
        for (long k : {0L, 1L, 2L, n}) {
            if (k > n || (!r.states.empty() && r.states.back().merges == k)) continue;
            r.states.push_back({k, k == 0 ? r.tokens : r.final_tokens});
        }
        return r;
    }
    r.final_vocabulary = counts(m.vocabulary(last));
    r.final_tokens = counts(m.token_frequencies(o.mistake == TokenizeMistake::stale_tokens ? before_last : last));
    r.token_counts = fresh_counts;
    r.states = fresh_states;
    if (n > 0) r.states.push_back({n, counts(m.token_frequencies(last))});
    return r;
}

results::UdlTokenizeDiagnosis diagnose_tokenize(const TokenizeOptions& o, const std::string& printed) {
    if (o.mistake != TokenizeMistake::none)
        throw UsageError("--diagnose", "does not go with --mistake (it tries every mistake)");
    input::PrintedTokenize got;
    try {
        got = input::parse_printed_tokenize(printed);
    } catch (const std::invalid_argument& e) {
        throw UsageError("--diagnose", e.what());
    }
    std::vector<results::UdlCount> tokens, vocabulary;
    for (const auto& c : got.tokens.value()) tokens.push_back({c.key, c.count});
    for (const auto& c : got.vocabulary.value()) vocabulary.push_back({c.key, c.count});
    std::vector<results::UdlPair> chosen;
    for (const auto& p : got.pairs) chosen.push_back({p.first, p.second, 0});

    struct Candidate {
        TokenizeMistake mistake;
        results::Udl123 run;
    };
    std::vector<Candidate> candidates;
    TokenizeOptions c = o;
    candidates.push_back({TokenizeMistake::none, run_tokenize(c)});
    for (TokenizeMistake m : tokenize_mistakes()) {
        c.mistake = m;
        try {
            candidates.push_back({m, run_tokenize(c)});
        } catch (const UsageError&) {
            // with its tie rule this text allows fewer merges: that notebook would have stopped
        }
    }
    // The pair lines, when given, must be the run's (its last ones when the print may be cut).
    auto pairs_fit = [&](const results::Udl123& r) {
        if (chosen.empty()) return true;   // not given
        if (!got.pairs_cut) return same(chosen, r.chosen);
        if (chosen.size() > r.chosen.size()) return false;
        return same(chosen, std::vector<results::UdlPair>(r.chosen.end() - static_cast<long>(chosen.size()), r.chosen.end()));
    };
    auto fits = [&](const results::Udl123& r) {
        return pairs_fit(r) && same(tokens, r.final_tokens) && same(vocabulary, r.final_vocabulary) &&
               (!got.number_of_tokens || *got.number_of_tokens == static_cast<long>(r.final_tokens.size())) &&
               (!got.size_of_vocabulary || *got.size_of_vocabulary == static_cast<long>(r.final_vocabulary.size()));
    };
    auto whole_print_equal = [](const results::Udl123& a, const results::Udl123& b) {
        return same(a.chosen, b.chosen) && same(a.final_tokens, b.final_tokens) &&
               same(a.final_vocabulary, b.final_vocabulary);
    };

    results::UdlTokenizeDiagnosis d;
    d.merges = candidates.front().run.merges;
    for (TokenizeMistake m : tokenize_mistakes()) d.mistakes.push_back(tokenize_mistake_name(m));
    const Candidate* verdict = nullptr;
    for (const Candidate& k : candidates) {
        if (!fits(k.run)) continue;
        if (!verdict) {
            verdict = &k;
        } else if (!whole_print_equal(verdict->run, k.run)) {
            // A guess is not a verdict: the lines given fit two tokenize()s that print differently.
            const auto name = [](TokenizeMistake m) {
                return m == TokenizeMistake::none ? std::string("the right answer") : tokenize_mistake_name(m);
            };
            throw UsageError("--diagnose", "the lines given fit both " + name(verdict->mistake) + " and " +
                                               name(k.mistake) + "; give all the 'Most frequent pair: …' "
                                               "lines tokenize() prints as well");
        }
    }
    if (verdict) {
        d.match = verdict->mistake == TokenizeMistake::none ? "right" : tokenize_mistake_name(verdict->mistake);
        d.explanation = tokenize_mistake_explanation(verdict->mistake);
    }

    // The first difference from the right answer, in print order.
    const results::Udl123& right = candidates.front().run;
    auto dict_difference = [&](const char* where, const std::vector<results::UdlCount>& yours,
                               const std::vector<results::UdlCount>& want) {
        for (std::size_t i = 0; i < std::max(yours.size(), want.size()); ++i) {
            const bool y = i < yours.size(), w = i < want.size();
            if (y && w && yours[i].key == want[i].key && yours[i].count == want[i].count) continue;
            d.differs = true;
            d.where = where;
            d.index = i;
            d.has_yours = y;
            d.has_right = w;
            if (y) d.yours = yours[i];
            if (w) d.right = want[i];
            return true;
        }
        return false;
    };
    auto number_difference = [&](const char* where, const std::optional<long>& yours, long want) {
        if (!yours || *yours == want) return false;
        d.differs = true;
        d.where = where;
        d.your_number = *yours;
        d.right_number = want;
        return true;
    };
    if (!pairs_fit(right)) {
        const std::size_t offset = got.pairs_cut && chosen.size() <= right.chosen.size()
                                       ? right.chosen.size() - chosen.size() : 0;
        d.differs = true;
        d.where = "Most frequent pair";
        for (std::size_t i = 0; i < std::max(chosen.size(), right.chosen.size() - offset); ++i) {
            const bool y = i < chosen.size(), w = offset + i < right.chosen.size();
            if (y && w && chosen[i].first == right.chosen[offset + i].first &&
                chosen[i].second == right.chosen[offset + i].second)
                continue;
            d.index = offset + i;
            d.has_yours = y;
            d.has_right = w;
            if (y) d.your_pair = chosen[i];
            if (w) d.right_pair = right.chosen[offset + i];
            break;
        }
        return d;
    }
    if (dict_difference("Tokens", tokens, right.final_tokens)) return d;
    if (number_difference("Number of tokens", got.number_of_tokens, static_cast<long>(right.final_tokens.size()))) return d;
    if (dict_difference("Vocabulary", vocabulary, right.final_vocabulary)) return d;
    number_difference("Size of vocabulary", got.size_of_vocabulary, static_cast<long>(right.final_vocabulary.size()));
    return d;
}

}  // namespace attn::experiments
