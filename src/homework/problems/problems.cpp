// The three homework problems of section 04, computed by the core and the experiments.
#include "homework/problems/problems.hpp"

#include <cmath>
#include <cstdlib>
#include <numeric>

#include <fmt/format.h>

#include "core/attention.hpp"
#include "core/numpy_ops.hpp"
#include "core/softmax.hpp"
#include "experiments/attention.hpp"
#include "experiments/mask.hpp"
#include "experiments/multihead.hpp"
#include "homework/problems/precision.hpp"

namespace attn::homework {

namespace {

std::vector<double> scaled_by(const std::vector<double>& v, double factor) {
    std::vector<double> out(v);
    for (double& x : out) x *= factor;
    return out;
}

std::vector<double> divided_by(const std::vector<double>& v, double divisor) {
    std::vector<double> out(v);
    for (double& x : out) x /= divisor;   // divided, as NumPy's `/ np.sqrt(Dq)`
    return out;
}

double slope(double alpha) { return alpha * (1.0 - alpha); }

MaskedColumn keep_first(const std::vector<double>& column, long c) {
    MaskedColumn m;
    m.kept.assign(column.begin(), column.begin() + c);
    m.kept_sum = 0.0;
    for (double w : m.kept) m.kept_sum += w;            // left to right, as the chapter adds them
    m.renormalised = divided_by(m.kept, m.kept_sum);
    return m;
}

std::string times(long coefficient, const std::string& factor) {
    return coefficient == 1 ? factor : fmt::format("{}*{}", coefficient, factor);
}

}  // namespace

// ---- problem 1 ---------------------------------------------------------------------------------
Problem1Solution solve_problem1(const Problem1Params& params) {
    Problem1Solution s;
    s.params = params;
    s.dq = 2;
    s.sqrt_dq = std::sqrt(static_cast<double>(s.dq));
    // K (Dq, 3): columns are the keys, as the chapter stacks positions in columns.
    core::Matrix k = core::Matrix::from_shape({2, 3});
    for (std::size_t m = 0; m < 3; ++m) {
        k(0, m) = static_cast<double>(params.keys[m][0]);
        k(1, m) = static_cast<double>(params.keys[m][1]);
    }
    auto dot_products = [&k](const std::array<long, 2>& query) {
        core::Matrix q = core::Matrix::from_shape({2, 1});
        q(0, 0) = static_cast<double>(query[0]);
        q(1, 0) = static_cast<double>(query[1]);
        const core::Matrix s = core::matmul_transposed_left(k, q);   // Kᵀ q  (3, 1)
        return std::vector<double>{s(0, 0), s(1, 0), s(2, 0)};
    };
    s.scores = dot_products(params.query);
    s.scaled = divided_by(s.scores, s.sqrt_dq);
    s.weights_a = core::softmax(s.scaled);
    s.weights_b = core::softmax(s.scores);
    for (double x : s.scaled) s.exp_scaled.push_back(std::exp(x));
    for (double x : s.scores) s.exp_unscaled.push_back(std::exp(x));
    s.sum_scaled = s.exp_scaled[0] + s.exp_scaled[1] + s.exp_scaled[2];
    s.sum_unscaled = s.exp_unscaled[0] + s.exp_unscaled[1] + s.exp_unscaled[2];
    const Precision dp4 = Precision::places(4);
    for (double e : s.exp_scaled) s.printed_sum_scaled += rounded_to(e, dp4);
    for (double e : s.exp_unscaled) s.printed_sum_unscaled += rounded_to(e, dp4);
    s.printed_sum_scaled = rounded_to(s.printed_sum_scaled, dp4);
    s.printed_sum_unscaled = rounded_to(s.printed_sum_unscaled, dp4);

    s.query_c = {params.scale * params.query[0], params.scale * params.query[1]};
    s.scores_c = dot_products(s.query_c);
    s.weights_c = core::softmax(s.scores_c);
    s.slope_a = slope(s.weights_a[1]);
    s.slope_c = slope(s.weights_c[1]);

    const double dq = static_cast<double>(s.dq);
    s.scaled_by_dq = divided_by(s.scores, dq);
    s.weights_a_by_dq = core::softmax(s.scaled_by_dq);
    s.weights_c_scaled = core::softmax(divided_by(s.scores_c, s.sqrt_dq));
    s.weights_c_by_dq = core::softmax(divided_by(s.scores_c, dq));
    s.slope_a_unscaled = slope(s.weights_b[1]);
    s.slope_a_by_dq = slope(s.weights_a_by_dq[1]);
    s.slope_c_scaled = slope(s.weights_c_scaled[1]);
    return s;
}

// ---- problem 2 ---------------------------------------------------------------------------------
Problem2Solution solve_problem2(const Problem2Params& params) {
    Problem2Solution s;
    s.params = params;
    experiments::AttentionOptions a;
    a.seed = params.seed;
    a.d = s.d;
    a.n = s.n;
    a.dq = s.dq;
    a.col = params.column;
    const results::AttentionReport attention = experiments::run_attention(a);
    s.column_weights = attention.column_weights.values;
    s.column_scores = attention.column_scores.values;
    s.answer = keep_first(s.column_weights, params.column);
    // The printed column: each weight at the 6 places the problem prints and asks for; their sum
    // is a 6-place decimal too (rounded again only to drop the binary representation's noise).
    const Precision dp6 = Precision::places(6);
    std::vector<double> printed_column;
    for (double w : s.column_weights) printed_column.push_back(rounded_to(w, dp6));
    s.printed = keep_first(printed_column, params.column);
    s.printed.kept_sum = rounded_to(s.printed.kept_sum, dp6);
    s.printed.renormalised = divided_by(s.printed.kept, s.printed.kept_sum);

    experiments::MaskOptions m;
    m.seed = params.seed;
    m.d = s.d;
    m.n = s.n;
    m.dq = s.dq;
    const results::MaskReport mask = experiments::run_mask(m);
    const auto n = static_cast<std::size_t>(s.n);
    const auto c = static_cast<std::size_t>(params.column);
    for (std::size_t row = 0; row < n; ++row) s.masked_column.push_back(mask.masked_weights.values[row * n + c - 1]);
    s.max_difference = 0.0;
    for (std::size_t i = 0; i < c; ++i) {
        s.max_difference = std::max(s.max_difference, std::fabs(s.answer.renormalised[i] - s.masked_column[i]));
    }
    s.masked_rest_zero = true;
    for (std::size_t i = c; i < n; ++i) s.masked_rest_zero = s.masked_rest_zero && s.masked_column[i] == 0.0;
    // The same up to the last bits of double rounding (the two routes divide by different sums).
    s.same_as_mask = s.masked_rest_zero && s.max_difference < 1e-12;

    // Softmax along the wrong axis needs every column of S: one run per column, same stream.
    core::Matrix st = core::Matrix::from_shape({n, n});             // Sᵀ: row j = column j of S
    for (std::size_t j = 0; j < n; ++j) {
        experiments::AttentionOptions aj = a;
        aj.col = static_cast<long>(j + 1);
        const results::AttentionReport r = experiments::run_attention(aj);
        for (std::size_t i = 0; i < n; ++i) st(j, i) = r.column_scores.values[i];
    }
    // softmax down the columns of Sᵀ is softmax along the rows of S; column c of that is row c.
    const core::Matrix rows = core::softmax_cols(st);
    std::vector<double> wrong_axis_column(n);
    for (std::size_t i = 0; i < n; ++i) wrong_axis_column[i] = rows(c - 1, i);
    s.wrong_axis = keep_first(wrong_axis_column, params.column);
    const double sqrt_dq = std::sqrt(static_cast<double>(s.dq));
    const std::vector<double> raw = scaled_by(s.column_scores, sqrt_dq);    // k·q without 1/√Dq
    s.unscaled = keep_first(core::softmax(raw), params.column);
    s.by_dq = keep_first(core::softmax(divided_by(raw, static_cast<double>(s.dq))), params.column);
    return s;
}

// ---- problem 3 ---------------------------------------------------------------------------------
std::string CostFormula::params_expression() const {
    if (full_width) return fmt::format("{}*H*D^2 + {}", projections, times(mixing, "D^2"));
    return times(params_coefficient(), "D^2");
}

std::string CostFormula::muls_expression() const {
    if (full_width) {
        return fmt::format("{}*H*D^2*N + {}*H*N^2*D + {}", projections, quadratic_coefficient(),
                           times(mixing, "D^2*N"));
    }
    return fmt::format("{} + {}", times(linear_coefficient(), "D^2*N"),
                       times(quadratic_coefficient(), "N^2*D"));
}

std::string CostFormula::threshold_expression() const {
    if (full_width) {
        return fmt::format("({}*H + {})*D/({}*H)", projections, mixing, quadratic_coefficient());
    }
    const long a = linear_coefficient(), b = quadratic_coefficient();
    const long g = std::gcd(a, b);
    if (b / g == 1) return times(a / g, "D");
    return fmt::format("{}/{}", times(a / g, "D"), b / g);
}

double CostFormula::params(double d, double h) const {
    const double width = full_width ? h : 1.0;   // Σ over heads of (D/H)·D, or H·D·D
    return static_cast<double>(projections) * width * d * d + static_cast<double>(mixing) * d * d;
}

double CostFormula::linear(double d, double n, double h) const {
    const double width = full_width ? h : 1.0;
    return static_cast<double>(projections) * width * d * d * n + static_cast<double>(mixing) * d * d * n;
}

double CostFormula::quadratic(double d, double n, double h) const {
    const double width = full_width ? h : 1.0;
    return static_cast<double>(quadratic_coefficient()) * width * n * n * d;
}

double CostFormula::muls(double d, double n, double h) const { return linear(d, n, h) + quadratic(d, n, h); }

double CostFormula::threshold(double d, double h) const {
    const double width = full_width ? h : 1.0;
    return (static_cast<double>(projections) * width + static_cast<double>(mixing)) * d /
           (static_cast<double>(quadratic_coefficient()) * width);
}

namespace {

CostAnswers answers_of(const CostFormula& f, const Problem3Params& p) {
    const double d = static_cast<double>(p.d);
    CostAnswers a;
    a.params_expression = f.params_expression();
    a.muls_expression = f.muls_expression();
    a.threshold_expression = f.threshold_expression();
    a.params_d = f.params(d);
    a.muls_short = f.muls(d, static_cast<double>(p.n_short));
    a.muls_long = f.muls(d, static_cast<double>(p.n_long));
    a.threshold_d = f.threshold(d);
    a.linear_at_threshold = f.linear(d, a.threshold_d);
    return a;
}

}  // namespace

Problem3Solution solve_problem3(const Problem3Params& params, Problem3Counts counts) {
    Problem3Solution s;
    s.params = params;
    const double d = static_cast<double>(params.d);
    s.n_equal = std::lround(s.formula.threshold(d));
    CostFormula forgot_mix, one_square_term, full_width;
    forgot_mix.mixing = 0;
    one_square_term.weighting = 0;
    full_width.full_width = true;
    s.answers = answers_of(s.formula, params);
    s.forgot_mix = answers_of(forgot_mix, params);
    s.one_square_term = answers_of(one_square_term, params);
    s.full_width = answers_of(full_width, params);

    s.counts_agree = true;
    for (long n : {params.n_short, params.n_long, s.n_equal}) {
        if (counts == Problem3Counts::formula_only) {
            const double nn = static_cast<double>(n);
            for (long h : s.heads) {
                s.counted.push_back({h, n, static_cast<std::int64_t>(s.formula.params(d)),
                                     static_cast<std::int64_t>(s.formula.muls(d, nn))});
            }
            continue;
        }
        experiments::MultiheadOptions o;
        o.d = params.d;
        o.n = n;
        o.sweep = s.heads;
        const results::MultiheadReport r = experiments::run_multihead(o);
        for (const auto& row : r.rows) {
            s.counted.push_back({row.heads, n, row.parameters, row.multiplications});
            s.counts_agree = s.counts_agree &&
                             static_cast<double>(row.multiplications) == s.formula.muls(d, static_cast<double>(n)) &&
                             static_cast<double>(row.parameters) == s.formula.params(d);
        }
    }
    auto count_at = [&s](long n) {
        for (const auto& row : s.counted) {
            if (row.n == n) return row;
        }
        return CountedRow{};
    };
    s.params_d = count_at(params.n_short).parameters;
    s.muls_short = count_at(params.n_short).multiplications;
    s.muls_long = count_at(params.n_long).multiplications;
    s.muls_equal = count_at(s.n_equal).multiplications;
    s.ratio = static_cast<double>(s.muls_long) / static_cast<double>(s.muls_short);
    const double ns = static_cast<double>(params.n_short), nl = static_cast<double>(params.n_long);
    s.linear_short = s.formula.linear(d, ns);
    s.quadratic_short = s.formula.quadratic(d, ns);
    s.linear_long = s.formula.linear(d, nl);
    s.quadratic_long = s.formula.quadratic(d, nl);
    s.muls_each = s.formula.linear(d, static_cast<double>(s.n_equal));
    s.counts_agree = s.counts_agree && static_cast<double>(s.muls_equal) == 2.0 * s.muls_each;
    return s;
}

bool problem2_column_workable(const Problem2Params& params) {
    experiments::AttentionOptions a;
    a.seed = params.seed;
    a.col = params.column;
    const results::AttentionReport attention = experiments::run_attention(a);
    for (long i = 0; i < params.column; ++i) {
        if (attention.column_weights.values[static_cast<std::size_t>(i)] < kMinKeptWeight) return false;
    }
    return true;
}

Solutions solve(const Variant& variant, Problem3Counts counts) {
    return {variant, solve_problem1(variant.p1), solve_problem2(variant.p2), solve_problem3(variant.p3, counts),
            solve_book(variant.book)};
}

}  // namespace attn::homework
