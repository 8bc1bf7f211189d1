#include "render/json/udl_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {
namespace {

// "Permuting the columns of X by [1 2 0] …: True" as {"perm": [1, 2, 0], "same": true}.
json::Object permutation(const report::UdlPermutation& p) {
    json::Object o;
    o.value("perm", p.perm).value("same", p.same);
    return o;
}

// 12.1 prints each a_nm as a (1, 1) array; here row n holds output n's weights a_n0 … a_n(N-1)
// (each row sums to 1), as plain numbers.
json::Json attention_rows(const std::vector<std::vector<report::Array>>& attentions) {
    json::Json rows = json::Json::array();
    for (const auto& output : attentions) {
        json::Json row = json::Json::array();
        for (const auto& a : output) row.push_back(a.values.at(0));
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace

std::string udl_json(const report::UdlReport& r, const report::Invocation& invocation) {
    json::Object data;
    data.value("notebook", r.notebook);
    if (r.notebook == "12.1") {
        const report::Udl121& a = r.nb121;
        data.arrays("inputs", a.inputs)                      // x_n (D, 1)
            .value("attentions", attention_rows(a.attentions))
            .arrays("x_prime", a.x_prime)                    // x'_n transposed (1, D)
            .array("x_prime_matrix", a.x_prime_matrix)       // (D, N), unscaled
            .array("scaled_attention", a.scaled_attention)   // softmax_cols(KᵀQ / sqrt(D)) (N, N)
            .array("x_prime_scaled", a.x_prime_scaled)       // (D, N)
            .object("permutation", permutation(a.permutation));
    } else {
        const report::Udl122& b = r.nb122;
        data.array("x", b.x)
            .value("mistake", b.mistake.empty() ? json::Json(nullptr) : json::Json(b.mistake))
            .array("x_prime", b.x_prime)                     // printed with precision 3
            .arrays("head_attentions", b.head_attentions)    // per head (N, N), not printed
            .object("permutation", permutation(b.permutation));
    }
    return json::document(invocation, std::move(data));
}

std::string udl_diagnosis_json(const report::UdlDiagnosis& d, const report::Invocation& invocation) {
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
    data.value("notebook", "12.2")
        .value("rows", d.rows)
        .value("cols", d.cols)
        .value("match", d.match.empty() ? json::Json(nullptr) : json::Json(d.match))
        .value("explanation", d.explanation.empty() ? json::Json(nullptr) : json::Json(d.explanation));
    if (d.differs) data.object("first_difference", first);
    else data.value("first_difference", nullptr);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
