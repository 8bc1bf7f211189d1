// The book's problems' answer key: items in the book's order, with precision, honest routes and
// known mistakes. Hints name a mistake in ASCII and never hold a value the grader would accept.
#include "homework/key/book_key.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "homework/problems/precision.hpp"

namespace attn::homework {

namespace {

// One item of a book problem, and its mistakes: the builder keeps each item on a few lines.
struct BookItem {
    Item item;
    BookItem(int problem, const char* part, const char* name, ItemKind kind, std::string asks, std::string hint) {
        item.problem = problem;
        item.part = part;
        item.name = name;
        item.kind = kind;
        item.asks = std::move(asks);
        item.hint = std::move(hint);
        // 12.3's check (a gap of rounding error, true, false) and 12.4's conclusion are the same in
        // every variant, as is every formula (below).
        item.shareable = problem == kBook12_3 || (problem == kBook12_4 && item.part == "c");
    }
    BookItem& integer(double value) {
        item.precision = Precision::exactly();
        item.values = {value};
        return *this;
    }
    BookItem& reals(std::vector<double> values, Precision precision, bool scalar = false) {
        item.precision = precision;
        item.length = scalar ? 0 : values.size();
        item.values = std::move(values);
        return *this;
    }
    BookItem& formula(std::string expression) {
        item.expression = std::move(expression);
        item.shareable = true;
        return *this;
    }
    BookItem& boolean(bool value) {
        item.boolean = value;
        return *this;
    }
    // Every mistake is kept here; settle_mistakes (below) leaves out those that repeat an answer.
    BookItem& mistake(std::string hint, std::vector<double> values) {
        item.mistakes.push_back({std::move(hint), std::move(values), false, ""});
        return *this;
    }
    BookItem& mistake_formula(std::string hint, std::string expression) {
        item.mistakes.push_back({std::move(hint), {}, false, std::move(expression)});
        return *this;
    }
    void into(std::vector<Item>& items) { items.push_back(std::move(item)); }
};

// Whether two answers are the same at `precision`: each element within one unit of the other both
// ways (a 0 is "within one unit" of anything tiny one way only).
bool same_answer(const std::vector<double>& a, const std::vector<double>& b, const Precision& precision) {
    bool equal = a.size() == b.size();
    for (std::size_t i = 0; equal && i < a.size(); ++i) {
        equal = within_one_unit(a[i], b[i], precision) && within_one_unit(b[i], a[i], precision);
    }
    return equal;
}

// The items' mistakes made ready for the grader, once all items are built: a numeric mistake that
// gives the key's answer, or an earlier mistake's, is left out. Then, since the grader names the
// first mistake an answer matches and a mistake's 0 matches any tiny number (one unit of 0 is
// 10^-figures), mistakes with fewer zeros go first, so that an answer with more zeros is never
// taken for a mistake that has a number where it has a 0.
void settle_mistakes(std::vector<Item>& items, std::size_t first) {
    for (std::size_t k = first; k < items.size(); ++k) {
        Item& item = items[k];
        std::vector<Mistake> kept;
        for (Mistake& m : item.mistakes) {
            bool repeats = m.expression.empty() && same_answer(m.values, item.values, item.precision);
            for (const Mistake& earlier : kept) {
                repeats = repeats || (m.expression.empty() && earlier.expression.empty() &&
                                      same_answer(m.values, earlier.values, item.precision));
            }
            if (!repeats) kept.push_back(std::move(m));
        }
        auto zeros = [](const Mistake& m) { return std::count(m.values.begin(), m.values.end(), 0.0); };
        std::stable_sort(kept.begin(), kept.end(), [&zeros](const Mistake& a, const Mistake& b) { return zeros(a) < zeros(b); });
        item.mistakes = std::move(kept);
    }
}

std::vector<double> row(const Mat5& m, std::size_t i) { return {m[i].begin(), m[i].end()}; }

const char* const kNoBiases = "forgot the biases: each linear map has one bias per output";

void add_12_1(const Book12_1Solution& s, std::vector<Item>& items) {
    const auto& p = s.params;
    const auto d = static_cast<double>(p.d), n = static_cast<double>(p.n);
    const char* const one_projection =
        "counted one projection: queries, keys and values each have their own D x D weights and D biases";
    const char* const weights_once =
        "counted the D x D weights once: each of the three projections has its own weights as well as its own biases";
    BookItem(kBook12_1, "a", "params", ItemKind::expression,
             "weights and biases of the query, key and value projections, in D",
             "add the weights and the biases of the three linear maps from an input of length D to length D")
        .formula("3*D^2 + 3*D")
        .mistake_formula(kNoBiases, "3*D^2")
        .mistake_formula(one_projection, "D^2 + D")
        .mistake_formula(weights_once, "D^2 + 3*D")
        .into(items);
    BookItem(kBook12_1, "a", "params_value", ItemKind::integer, fmt::format("that number at D = {}", p.d),
             fmt::format("evaluate (a) at D = {}", p.d))
        .integer(static_cast<double>(s.qkv_params))
        .mistake(kNoBiases, {3 * d * d})
        .mistake(one_projection, {d * d + d})
        .mistake(weights_once, {d * d + 3 * d})
        .into(items);
    const char* const causal = "that is the count under a causal mask; the self-attention of 12.1 is not masked";
    const char* const multiplications =
        "that counts multiplications; (b) asks for the attention weights a[x_m, x_n], one per pair of inputs";
    BookItem(kBook12_1, "b", "weights", ItemKind::expression, "attention weights a[x_m, x_n], in N",
             "one weight for every pair of an output and an input")
        .formula("N^2")
        .mistake_formula("one weight per input: every output has its own weights over all the inputs", "N")
        .mistake_formula(causal, "N*(N+1)/2")
        .mistake_formula(multiplications, "N^2*D")
        .into(items);
    BookItem(kBook12_1, "b", "weights_value", ItemKind::integer, fmt::format("that number at N = {}", p.n),
             fmt::format("evaluate (b) at N = {}", p.n))
        .integer(static_cast<double>(s.attention_weights))
        .mistake("one weight per input: every output has its own weights over all the inputs", {n})
        .mistake(causal, {n * (n + 1) / 2})
        .mistake(multiplications, {n * n * d})
        .into(items);
    const char* const per_position =
        "that is one D x D layer shared by the positions; a fully connected network joins every one of the DN inputs to every output";
    BookItem(kBook12_1, "c", "params", ItemKind::expression,
             "weights and biases of a fully connected layer from all DN inputs to all DN outputs, in D and N",
             "a weight for every pair of one of the DN inputs and one of the DN outputs, and a bias per output")
        .formula("(D*N)^2 + D*N")
        .mistake_formula(kNoBiases, "(D*N)^2")
        .mistake_formula(per_position, "D^2 + D")
        .into(items);
    BookItem(kBook12_1, "c", "params_value", ItemKind::integer,
             fmt::format("that number at D = {}, N = {}", p.d, p.n), fmt::format("evaluate (c) at D = {}, N = {}", p.d, p.n))
        .integer(static_cast<double>(s.fc_params))
        .mistake(kNoBiases, {static_cast<double>(s.fc_weights)})
        .mistake(per_position, {d * d + d})
        .into(items);
}

void add_12_3(const Book12_3Solution& s, std::vector<Item>& items) {
    BookItem(kBook12_3, "a", "max_gap", ItemKind::real,
             "the largest entry of |Sa[XP] - Sa[X]P| for your X and P (rounding error only)",
             "compute Sa[XP] and Sa[X]P with the same weights and compare them entry by entry; the two differ only by rounding")
        .reals({0.0}, Precision::places(6), true)
        .into(items);
    BookItem(kBook12_3, "b", "equivariant", ItemKind::boolean, "whether Sa[XP] = Sa[X]P (up to rounding)",
             "permuting the columns of X permutes the columns of the queries, keys and values, and the rows and columns of the scores alike")
        .boolean(s.equivariant)
        .into(items);
    BookItem(kBook12_3, "c", "encoded_equivariant", ItemKind::boolean,
             "whether it still holds after adding a positional encoding E to X (Sa[XP + E] vs Sa[X + E]P)",
             "the encoding stays with the positions while the inputs move: compare Sa[XP + E] with Sa[X + E]P")
        .boolean(s.encoded_equivariant)
        .into(items);
}

void add_12_4(const Book12_4Solution& s, std::vector<Item>& items) {
    const Precision sf = Precision::significant(kBook12_4Figures);
    const std::vector<double> y(s.y.begin(), s.y.end());
    BookItem(kBook12_4, "a", "y", ItemKind::real, "y = softmax(z), the five outputs",
             "exp(z_i - max z) over the sum of the five; keep the tiny ones as powers of ten")
        .reals(y, sf)
        .mistake("float32: the smallest outputs lie below float32's normal range and lose their digits; compute in float64 or in log space",
                 {s.y_float32.begin(), s.y_float32.end()})
        .into(items);
    for (std::size_t i = 0; i < 5; ++i) {
        BookItem b(kBook12_4, "b", "", ItemKind::real,
                   fmt::format("row {}: dy{}/dz_j for j = 1..5", i + 1, i + 1),
                   "dy_i/dz_j = y_i (delta_ij - y_j): y_i (1 - y_i) on the diagonal, -y_i y_j elsewhere");
        b.item.name = fmt::format("dy{}", i + 1);
        b.reals(row(s.jacobian, i), sf);
        b.item.honest = {row(s.jacobian_from_printed, i)};
        b.mistake("sign of the off-diagonal terms: dy_i/dz_j = -y_i y_j for i != j (raising another input lowers y_i)",
                  row(s.sign_flipped, i))
            .mistake("y_i (1 - y_j) is the diagonal rule only; off the diagonal the derivative is -y_i y_j",
                     row(s.one_minus_yj, i))
            .mistake("1 - y_i computed as written cancels to 0 when y_i rounds to 1: write 1 - y_i as the sum of the other outputs",
                     row(s.jacobian_naive, i))
            .mistake("only the diagonal: the off-diagonal derivatives -y_i y_j are tiny but not 0", row(s.diagonal_only, i))
            .mistake("float32: products of two small outputs underflow to 0 and the smallest outputs lose their digits; "
                     "compute in float64, with 1 - y_i as the sum of the others, or in log space",
                     row(s.jacobian_float32, i))
            .into(items);
    }
    BookItem(kBook12_4, "c", "conclusion", ItemKind::integer, "what the derivatives show: the number of the conclusion",
             "look at the size of the largest derivative, and at what happens to a gradient that passes through this softmax")
        .integer(static_cast<double>(s.conclusion))
        .mistake("the largest derivative is far below one: a change of z moves y by almost nothing", {1})
        .mistake("the off-diagonal derivatives -y_i y_j are not 0: each output depends on every input", {3})
        .mistake("each row of derivatives sums to zero, not one, since the outputs always sum to one", {4})
        .into(items);
}

void add_12_7(const Book12_7Solution& s, std::vector<Item>& items) {
    const auto& p = s.params;
    const auto d = static_cast<double>(p.d), n = static_cast<double>(p.n);
    const std::string at = fmt::format("N = {} cached tokens, D = {}", p.n, p.d);
    const char* const recompute = "recomputed all the rows: with the keys and values cached, only the new token's row is new";
    const char* const own = "left out the new token's own key and value: its query attends to N + 1 positions, itself included";
    const char* const reproject = "projected the cached tokens again: their keys and values are in the cache";
    BookItem(kBook12_7, "a", "projections", ItemKind::integer, "multiplications of the new token's query, key and value (" + at + ")",
             "three D x D matrices times one vector of length D")
        .integer(static_cast<double>(s.projections))
        .mistake(recompute, {3 * d * d * (n + 1)})
        .mistake("the key and value of the new token are needed too (for its own position and for later tokens)", {d * d})
        .into(items);
    BookItem(kBook12_7, "a", "scores", ItemKind::integer, "multiplications of the new row of scores (" + at + ")",
             "the new query's dot product with every key it may see")
        .integer(static_cast<double>(s.scores))
        .mistake(own, {n * d})
        .mistake(recompute, {(n + 1) * (n + 1) * d})
        .into(items);
    BookItem(kBook12_7, "a", "weighting", ItemKind::integer, "multiplications of the weighted sum of the values (" + at + ")",
             "one weight times one value vector for every position the new token sees")
        .integer(static_cast<double>(s.weighting))
        .mistake(own, {n * d})
        .mistake(recompute, {(n + 1) * (n + 1) * d})
        .into(items);
    BookItem(kBook12_7, "a", "total", ItemKind::integer, "all the extra multiplications (" + at + ")",
             "add the projections, the new row of scores and the weighted sum")
        .integer(static_cast<double>(s.total))
        .mistake(recompute, {static_cast<double>(s.recompute_all)})
        .mistake(own, {static_cast<double>(s.forgot_own)})
        .mistake(reproject, {static_cast<double>(s.reprojected)})
        .into(items);
    BookItem(kBook12_7, "b", "extra", ItemKind::expression, "the extra multiplications as a formula in D and N",
             "write (a) with letters: the projections, then the scores and the weighted sum over N + 1 positions")
        .formula("3*D^2 + 2*D*(N+1)")
        .mistake_formula(recompute, "3*D^2*(N+1) + 2*D*(N+1)^2")
        .mistake_formula(own, "3*D^2 + 2*D*N")
        .mistake_formula(reproject, "D^2 + 2*D^2*(N+1) + 2*D*(N+1)")
        .into(items);
}

void add_12_9(const Book12_9Solution& s, std::vector<Item>& items) {
    const auto& p = s.params;
    const std::string grid = fmt::format("{} x {} patches, {} channels", p.rows, p.cols, p.channels);
    const char* const swapped = "swapped the two: between patches there are P x P scores over C channels each";
    const char* const scores_only = "counted the scores only: the weighted sum of the values costs as many multiplications again";
    BookItem(kBook12_9, "a", "spatial", ItemKind::integer, "multiplications of attention between patches using all channels (" + grid + ")",
             "P patches are the tokens, each of length C: the scores and the weighted sum")
        .integer(static_cast<double>(s.spatial))
        .mistake(swapped, {static_cast<double>(s.channel)})
        .mistake(scores_only, {static_cast<double>(s.spatial_scores_only)})
        .into(items);
    BookItem(kBook12_9, "b", "channel", ItemKind::integer, "multiplications of attention between channels using all patches (" + grid + ")",
             "C channels are the tokens, each of length P: the scores and the weighted sum")
        .integer(static_cast<double>(s.channel))
        .mistake("swapped the two: between channels there are C x C scores over P patches each", {static_cast<double>(s.spatial)})
        .mistake(scores_only, {static_cast<double>(s.channel_scores_only)})
        .into(items);
    BookItem(kBook12_9, "c", "ratio", ItemKind::real, "(a) divided by (b)",
             "divide the count between patches by the count between channels")
        .reals({s.ratio}, Precision::significant(4), true)
        .mistake("this is (b) divided by (a); the question asks (a) over (b)", {1.0 / s.ratio})
        .into(items);
}

}  // namespace

void add_book_items(const BookSolutions& solutions, int problem, std::vector<Item>& items) {
    const std::size_t first = items.size();
    switch (problem) {
        case kBook12_1: add_12_1(solutions.b1, items); break;
        case kBook12_3: add_12_3(solutions.b3, items); break;
        case kBook12_4: add_12_4(solutions.b4, items); break;
        case kBook12_7: add_12_7(solutions.b7, items); break;
        case kBook12_9: add_12_9(solutions.b9, items); break;
        default: break;
    }
    settle_mistakes(items, first);
}

}  // namespace attn::homework
