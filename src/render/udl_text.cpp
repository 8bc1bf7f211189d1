#include "render/udl_text.hpp"

#include "print/numpy_array.hpp"
#include "print/numpy_repr.hpp"
#include "print/python_format.hpp"
#include "print/python_str_repr.hpp"

namespace attn::render {
namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string str(const results::Array& a, const print::PrintOptions& options = {}) {
    return print::array_str(a.values, a.shape, options);
}

std::string list_of(const std::vector<results::Array>& arrays) {
    std::vector<std::string> items;
    for (const auto& a : arrays) items.push_back(print::array_repr(a.values, a.shape));
    return print::list_repr(items);
}

// f"Permuting the columns of X by {perm} permutes the columns of X' the same way: {same}"
std::string permutation_line(const results::UdlPermutation& p) {
    std::vector<std::int64_t> perm(p.perm.begin(), p.perm.end());
    return "Permuting the columns of X by " + print::int_array_str(perm, {perm.size()}) +
           " permutes the columns of X' the same way: " + print::py_bool(p.same) + "\n";
}

std::string text_121(const results::Udl121& r) {
    std::string out = list_of(r.inputs) + "\n";                      // print(all_x)
    for (std::size_t n = 0; n < r.attentions.size(); ++n) {
        out += "Attentions for output  " + std::to_string(n) + "\n";  // print("…output ", n)
        out += list_of(r.attentions[n]) + "\n";
    }
    for (std::size_t n = 0; n < r.x_prime.size(); ++n)
        out += "x_prime_" + std::to_string(n) + "_calculated: " + str(r.x_prime[n]) + "\n";
    out += str(r.x_prime_matrix) + "\n";
    out += str(r.scaled_attention) + "\n";
    out += str(r.x_prime_scaled) + "\n";
    return out + permutation_line(r.permutation);
}

std::string text_122(const results::Udl122& r) {
    std::string out = str(r.x) + "\n";
    print::PrintOptions p3;   // np.set_printoptions(precision=3), as the notebook's first cell
    p3.precision = 3;
    out += r.mistake.empty() ? "Your answer:\n" : "With the mistake " + r.mistake + ":\n";
    out += str(r.x_prime, p3) + "\n";
    return out + permutation_line(r.permutation);
}

// ---- notebook 12.3: print("…: {}".format(d)) of its dicts and tuples ---------------------------
std::string dict(const std::vector<results::UdlCount>& entries, bool defaultdict) {
    std::vector<std::pair<std::string, long>> items;
    items.reserve(entries.size());
    for (const auto& e : entries) items.emplace_back(print::py_str_repr(e.key), e.count);
    return print::py_dict_repr(items, defaultdict);
}

std::string pair_dict(const std::vector<results::UdlPair>& entries) {
    std::vector<std::pair<std::string, long>> items;
    items.reserve(entries.size());
    for (const auto& e : entries) items.emplace_back(print::py_str_pair_repr(e.first, e.second), e.count);
    return print::py_dict_repr(items, true);
}

std::string pair_line(const results::UdlPair& p) {
    return "Most frequent pair: " + print::py_str_pair_repr(p.first, p.second) + "\n";
}

std::string vocabulary_lines(const std::vector<results::UdlCount>& v, bool defaultdict) {
    return "Vocabulary: " + dict(v, defaultdict) + "\nSize of vocabulary: " + std::to_string(v.size()) + "\n";
}

std::string token_lines(const std::vector<results::UdlCount>& t) {
    return "Tokens: " + dict(t, true) + "\nNumber of tokens: " + std::to_string(t.size()) + "\n";
}

std::string text_123(const results::Udl123& r) {
    std::string out = vocabulary_lines(r.vocabulary, true) + token_lines(r.tokens);
    out += "Pairs: " + pair_dict(r.pairs) + "\nNumber of distinct pairs: " + std::to_string(r.pairs.size()) + "\n";
    out += pair_line(r.first_merge);
    out += vocabulary_lines(r.merged_vocabulary, false) + token_lines(r.merged_tokens);
    for (const auto& p : r.chosen) out += pair_line(p);
    return out + token_lines(r.final_tokens) +
           vocabulary_lines(r.final_vocabulary, r.final_vocabulary_defaultdict);
}

std::string fixed(double x, int decimals, bool sign) {
    return print::py_format(x, std::string(sign ? "+" : "") + "." + std::to_string(decimals) + "f");
}

}  // namespace

std::string udl_text(const results::UdlReport& r) {
    switch (r.notebook) {
        case results::UdlNotebook::nb12_1: return text_121(r.nb121);
        case results::UdlNotebook::nb12_2: return text_122(r.nb122);
        case results::UdlNotebook::nb12_3: return text_123(r.nb123);
    }
    return "";
}

std::string udl_diagnosis_text(const results::UdlDiagnosis& d) {
    const std::string shape = std::to_string(d.rows) + " x " + std::to_string(d.cols);
    std::string out;
    if (d.match == "right") {
        out += "Your X' (" + shape + ") matches the right answer.\n";
    } else if (!d.match.empty()) {
        out += "Your X' (" + shape + ") matches the mistake " + d.match + ": " + d.explanation + "\n";
    } else {
        out += "Your X' (" + shape + ") matches neither the right answer nor any known mistake (" +
               joined(d.mistakes) + ").\n";
    }
    if (d.differs) {
        out += "First element that differs from the right answer: X'[" + std::to_string(d.row) +
               ", " + std::to_string(d.col) + "] (row " + std::to_string(d.row + 1) +
               ", column " + std::to_string(d.col + 1) + "): yours " + d.yours + ", right " +
               fixed(d.right, d.decimals, false) + ", off by " +
               fixed(d.difference, d.decimals, true) + ".\n";
    }
    return out;
}

}  // namespace attn::render

namespace attn::render {
namespace {

std::string entry(const results::UdlCount& c) { return print::py_str_repr(c.key) + ": " + std::to_string(c.count); }

}  // namespace

std::string udl_tokenize_diagnosis_text(const results::UdlTokenizeDiagnosis& d) {
    const std::string what = "Your tokens and vocabulary (" + std::to_string(d.merges) + " merges)";
    std::string out;
    if (d.match == "right") out += what + " match the right tokenize().\n";
    else if (!d.match.empty()) out += what + " match the mistake " + d.match + ": " + d.explanation + "\n";
    else out += what + " match neither the right tokenize() nor any known mistake (" + joined(d.mistakes) + ").\n";
    if (!d.differs) return out;
    out += "First difference from the right answer: ";
    const std::string nth = std::to_string(d.index + 1);
    if (d.where == "Most frequent pair") {
        out += "'Most frequent pair' line of merge " + nth + ": yours " +
               (d.has_yours ? print::py_str_pair_repr(d.your_pair.first, d.your_pair.second) : "(none)") +
               ", right " +
               (d.has_right ? print::py_str_pair_repr(d.right_pair.first, d.right_pair.second) : "(none)") + ".\n";
    } else if (d.where == "Tokens" || d.where == "Vocabulary") {
        out += d.where + ", entry " + nth + ": yours " + (d.has_yours ? entry(d.yours) : "(none)") +
               ", right " + (d.has_right ? entry(d.right) : "(none)") + ".\n";
    } else {
        out += d.where + ": yours " + std::to_string(d.your_number) + ", right " +
               std::to_string(d.right_number) + ".\n";
    }
    return out;
}

}  // namespace attn::render
