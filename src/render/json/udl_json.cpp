#include "render/json/udl_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {
namespace {

// "Permuting the columns of X by [1 2 0] …: True" as {"perm": [1, 2, 0], "same": true}.
json::Object permutation(const results::UdlPermutation& p) {
    json::Object o;
    o.value("perm", p.perm).value("same", p.same);
    return o;
}

// 12.1 prints each a_nm as a (1, 1) array; here row n holds output n's weights a_n0 … a_n(N-1)
// (each row sums to 1), as plain numbers.
json::Json attention_rows(const std::vector<std::vector<results::Array>>& attentions) {
    json::Json rows = json::Json::array();
    for (const auto& output : attentions) {
        json::Json row = json::Json::array();
        for (const auto& a : output) row.push_back(a.values.at(0));
        rows.push_back(std::move(row));
    }
    return rows;
}

// A dict of notebook 12.3 as [[key, count], …] in its insertion order (JSON objects do not keep
// an order every reader respects).
json::Json entries(const std::vector<results::UdlCount>& d) {
    json::Json out = json::Json::array();
    for (const auto& e : d) out.push_back(json::Json::array({e.key, e.count}));
    return out;
}

json::Json pair_entries(const std::vector<results::UdlPair>& d, bool with_counts) {
    json::Json out = json::Json::array();
    for (const auto& e : d) {
        json::Json item = json::Json::array({e.first, e.second});
        if (with_counts) item.push_back(e.count);
        out.push_back(std::move(item));
    }
    return out;
}

void tokenize_data(json::Object& data, const results::Udl123& c) {
    data.value("text", c.text)
        .value("merges", c.merges)
        .value("mistake", c.mistake.empty() ? json::Json(nullptr) : json::Json(c.mistake))
        .value("vocabulary", entries(c.vocabulary))
        .value("tokens", entries(c.tokens))
        .value("pairs", pair_entries(c.pairs, true))
        .value("first_merge", json::Json::array({c.first_merge.first, c.first_merge.second}))
        .value("merged_vocabulary", entries(c.merged_vocabulary))
        .value("merged_tokens", entries(c.merged_tokens))
        .value("chosen", pair_entries(c.chosen, false))
        .value("final_tokens", entries(c.final_tokens))
        .value("final_vocabulary", entries(c.final_vocabulary))
        .value("token_counts", c.token_counts);
}

}  // namespace

std::string udl_json(const results::UdlReport& r, const results::Invocation& invocation) {
    json::Object data;
    data.value("notebook", results::udl_notebook_name(r.notebook));
    if (r.notebook == results::UdlNotebook::nb12_3) {
        tokenize_data(data, r.nb123);
    } else if (r.notebook == results::UdlNotebook::nb12_1) {
        const results::Udl121& a = r.nb121;
        data.arrays("inputs", a.inputs)                      // x_n (D, 1)
            .value("attentions", attention_rows(a.attentions))
            .arrays("x_prime", a.x_prime)                    // x'_n transposed (1, D)
            .array("x_prime_matrix", a.x_prime_matrix)       // (D, N), unscaled
            .array("scaled_attention", a.scaled_attention)   // softmax_cols(KᵀQ / sqrt(D)) (N, N)
            .array("x_prime_scaled", a.x_prime_scaled)       // (D, N)
            .object("permutation", permutation(a.permutation));
    } else {
        const results::Udl122& b = r.nb122;
        data.array("x", b.x)
            .value("mistake", b.mistake.empty() ? json::Json(nullptr) : json::Json(b.mistake))
            .array("x_prime", b.x_prime)                     // printed with precision 3
            .arrays("head_attentions", b.head_attentions)    // per head (N, N), not printed
            .object("permutation", permutation(b.permutation));
    }
    return json::document(invocation, std::move(data));
}

std::string udl_diagnosis_json(const results::UdlDiagnosis& d, const results::Invocation& invocation) {
    json::Object first;   // the first element that differs from the right answer
    if (d.differs) {
        first.value("row", d.row)
            .value("col", d.col)
            .value("yours", d.yours)            // as printed, text
            .value("right", d.right)
            .value("difference", d.difference)  // yours - right
            .value("decimals", d.decimals);     // the decimals the text shows right and difference with
    }
    json::Object data;
    data.value("notebook", results::udl_notebook_name(results::UdlNotebook::nb12_2))
        .value("rows", d.rows)
        .value("cols", d.cols)
        .value("match", d.match.empty() ? json::Json(nullptr) : json::Json(d.match))
        .value("explanation", d.explanation.empty() ? json::Json(nullptr) : json::Json(d.explanation));
    if (d.differs) data.object("first_difference", first);
    else data.value("first_difference", nullptr);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render

namespace attn::render {

std::string udl_tokenize_diagnosis_json(const results::UdlTokenizeDiagnosis& d, const results::Invocation& invocation) {
    json::Object data;
    data.value("notebook", results::udl_notebook_name(results::UdlNotebook::nb12_3))
        .value("merges", d.merges)
        .value("match", d.match.empty() ? json::Json(nullptr) : json::Json(d.match))
        .value("explanation", d.explanation.empty() ? json::Json(nullptr) : json::Json(d.explanation));
    if (!d.differs) {
        data.value("first_difference", nullptr);
        return json::document(invocation, std::move(data));
    }
    json::Object first;
    first.value("where", d.where).value("index", d.index);
    if (d.where == "Most frequent pair") {
        first.value("yours", d.has_yours ? json::Json::array({d.your_pair.first, d.your_pair.second}) : json::Json(nullptr))
            .value("right", d.has_right ? json::Json::array({d.right_pair.first, d.right_pair.second}) : json::Json(nullptr));
    } else if (d.where == "Tokens" || d.where == "Vocabulary") {
        first.value("yours", d.has_yours ? json::Json::array({d.yours.key, d.yours.count}) : json::Json(nullptr))
            .value("right", d.has_right ? json::Json::array({d.right.key, d.right.count}) : json::Json(nullptr));
    } else {
        first.value("yours", d.your_number).value("right", d.right_number);
    }
    data.object("first_difference", first);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
