// Number formatting and number-dependent facts of the worked solutions, for both languages.
#include "homework/solutions/solution_numbers.hpp"

#include <cmath>

#include <fmt/format.h>

#include "homework/problems/precision.hpp"
#include "print/numpy_array.hpp"
#include "print/rounding.hpp"

namespace attn::homework::worked {

namespace {

int places_of(const std::string& decimal) {
    const auto dot = decimal.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(decimal.size() - dot - 1);
}

}  // namespace

std::string num(double x, int places) {
    if (x == std::floor(x) && std::fabs(x) < 1e15) return fmt::format("{:.0f}", x);
    return fmt::format("{:.{}f}", x, places);
}

std::string num4(double x) { return num(x, 4); }
std::string num6(double x) { return fmt::format("{:.6f}", x); }

std::string weight(double x) {
    if (x == 0.0 || std::fabs(x) >= 0.001) return fmt::format("{:.4f}", x);
    return at_precision(x, Precision::significant(3));
}

std::string grouped(double x) {
    std::string digits = fmt::format("{:.0f}", std::fabs(x));
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return (x < 0 ? "-" : "") + digits;
}

std::string joined(const std::vector<double>& xs, std::string (*f)(double), const char* sep) {
    std::string out;
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? sep : "") + f(xs[i]);
    return out;
}

std::string vec(const std::array<long, 2>& v) { return fmt::format("({},{})", v[0], v[1]); }

std::string coef(long c, const char* monomial) { return (c == 1 ? "" : std::to_string(c)) + monomial; }

std::optional<std::pair<std::size_t, std::size_t>> tied_pair(const Problem1Solution& s) {
    if (s.scores[0] == s.scores[2]) return std::pair<std::size_t, std::size_t>{0, 2};
    if (s.scores[0] == s.scores[1]) return std::pair<std::size_t, std::size_t>{0, 1};
    if (s.scores[1] == s.scores[2]) return std::pair<std::size_t, std::size_t>{1, 2};
    return std::nullopt;
}

std::size_t top_key(const Problem1Solution& s) {
    std::size_t top = 0;
    for (std::size_t m = 1; m < 3; ++m) if (s.scores[m] > s.scores[top]) top = m;
    return top;
}

std::string one_minus_weight_c(const Problem1Solution& s) {
    const int places = places_of(weight(s.weights_c[1]));
    return places > 0 && places <= 12 ? fmt::format("{:.{}f}", 1.0 - s.weights_c[1], places)
                                      : fmt::format("{:.6f}", 1.0 - s.weights_c[1]);
}

int orders_lost(const Problem1Solution& s) {
    return static_cast<int>(std::floor(std::log10(s.slope_a / s.slope_c)));
}

std::string column_rounded(const Problem2Solution& s) {
    print::PrintOptions three;
    three.precision = 3;
    three.suppress = true;
    return print::array_str(print::np_round(s.column_weights, 3), {static_cast<std::size_t>(s.n)}, three);
}

std::vector<std::size_t> removed_entries(const Problem2Solution& s) {
    std::vector<std::size_t> out;
    for (auto i = static_cast<std::size_t>(s.params.column) + 1; i <= static_cast<std::size_t>(s.n); ++i) out.push_back(i);
    return out;
}

std::vector<std::string> masked_column(const Problem2Solution& s) {
    std::vector<std::string> out;
    for (double x : s.masked_column) out.push_back(x == 0.0 ? std::string("0") : fmt::format("{:.3f}", x));
    return out;
}

std::string seed_flag(const Problem2Solution& s) {
    return s.params.seed == rng::Seed() ? "" : " --seed " + s.params.seed.decimal();
}

std::vector<std::int64_t> counted_at(const Problem3Solution& s, long n, bool parameters) {
    std::vector<std::int64_t> values;
    for (const auto& row : s.counted) {
        if (row.n == n) values.push_back(parameters ? row.parameters : row.multiplications);
    }
    return values;
}

bool all_equal(const std::vector<std::int64_t>& values, double x) {
    for (auto value : values) if (static_cast<double>(value) != x) return false;
    return !values.empty();
}

std::string heads_text(const Problem3Solution& s, const char* sep) {
    std::string h;
    for (std::size_t i = 0; i < s.heads.size(); ++i) h += (i ? sep : "") + std::to_string(s.heads[i]);
    return h;
}

std::string threshold_text(const CostFormula& f) {
    std::string out;
    for (char ch : f.threshold_expression()) if (ch != '*') out += ch;
    return out;
}

bool multiplications_agree(const Problem3Solution& s) {
    const double d = static_cast<double>(s.params.d);
    return all_equal(counted_at(s, s.params.n_short, false), s.formula.muls(d, static_cast<double>(s.params.n_short))) &&
           all_equal(counted_at(s, s.params.n_long, false), s.formula.muls(d, static_cast<double>(s.params.n_long)));
}

}  // namespace attn::homework::worked
