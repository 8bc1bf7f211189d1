// The propagated-rounding rule (bounds.hpp): intervals through the problem's steps, and one
// common factor or denominator for a vector's elements.
#include "homework/key/bounds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

namespace attn::homework {

namespace {

// Roundings beyond this many places or figures differ from the value by less than any asked unit
// can see (the hull holds the value itself).
constexpr int kMostDigits = 12;

// x rounded to k decimal places / k significant figures, as a decimal is rounded (correctly, from
// the binary value): what a student writes down.
double round_places(double x, int k) { return std::strtod(fmt::format("{:.{}f}", x, k).c_str(), nullptr); }
double round_figures(double x, int k) { return std::strtod(fmt::format("{:.{}e}", x, k - 1).c_str(), nullptr); }

// The largest error of carrying a number of size up to `magnitude` as `c` allows.
double carry_error(double magnitude, Carry c) {
    double e = 0;
    if (c.places >= 0) e = std::max(e, 0.5 * std::pow(10.0, -c.places));
    if (c.figures > 0 && magnitude > 0) {
        e = std::max(e, 0.5 * std::pow(10.0, std::floor(std::log10(magnitude)) - c.figures + 1));
    }
    return std::min(e, magnitude);   // a rounding never crosses 0
}

bool finite(Interval x) { return std::isfinite(x.lo) && std::isfinite(x.hi); }

// The fewest decimal places from `places` up at which `x` keeps 2 significant figures (0.0025 at 4
// places; 0.00012 needs 5): fewer lose the figure's significance, which is not correct work.
int keeping_two_figures(double x, int places) {
    while (places < kMostDigits && round_places(x, places) < 10 * std::pow(10.0, -places)) ++places;
    return places;
}

// A denominator carried as `c` allows, leaving out a way of carrying that can round it to 0 (a
// student who gets 0 for a sum does not divide by it): nullopt when every way can, or it is not
// finite. `kept` says which ways are left (for the carrying error).
std::optional<Interval> carried_denominator(Interval x, Carry c, Carry* kept = nullptr) {
    if (!finite(x)) return std::nullopt;
    std::optional<Interval> out;
    Carry left{-1, 0};
    if (c.places >= 0) {
        const int places = keeping_two_figures(x.lo, c.places);
        const Interval d = carried(x, Carry::decimals(places));
        if (d.lo > 0) {
            out = d;
            left.places = places;   // the places actually allowed: the carrying error is theirs
        }
    }
    if (c.figures > 0) {
        const Interval f = carried(x, Carry::significant(c.figures));
        if (f.lo > 0) {
            out = out ? hull(*out, f) : f;
            left.figures = c.figures;
        }
    }
    if (kept) *kept = left;
    return out;
}

// One computation's numerators over one denominator: whether some denominator S explains every
// element of `given` (but `free`, the one that took the remainder), within its unit. The
// constraints on S are convex (linear, or sums of max / min of linear functions), so their worst
// violation is a convex function of S: a ternary search finds its least value.
bool one_denominator(const Quotients& q, const std::vector<double>& given, const std::vector<double>& units,
                     std::size_t free) {
    const std::size_t n = q.numerators.size();
    double sum_lo = 0, sum_hi = 0;
    for (const Interval& x : q.numerators) {
        sum_lo += x.lo;
        sum_hi += x.hi;
    }
    Carry kept = q.carried_sum.kept;
    const std::optional<Interval> sum =
        q.carried_sum.ready ? q.carried_sum.sum
                            : carried_denominator(q.denominator.value_or(Interval{sum_lo, sum_hi}), q.sum_carry, &kept);
    if (!sum) return false;   // lost all significance: not correct work
    // Everything over the largest denominator, so that tolerances are relative.
    const double scale = sum->hi;
    const double delta = carry_error(sum_hi, kept) / scale;
    std::vector<Interval> num(n);
    for (std::size_t i = 0; i < n; ++i) num[i] = {q.numerators[i].lo / scale, q.numerators[i].hi / scale};
    // The element that took the remainder (1 minus the others, each correctly rounded from this
    // computation): off its quotient by half a unit of every other element (their roundings) plus
    // how far the quotients can add up from 1 (a carried sum, or a denominator known apart from
    // them); never less than its own unit. (Issue 43: every unit in full let it stray 1.5 units
    // more than any forced answer can, and widened the window of every element that sums to 1.)
    double others = 0;
    for (std::size_t i = 0; i < n; ++i) others += i == free ? 0.0 : 0.5 * units[i];
    double total_unit = free < n ? std::max(units[free], others) : 0.0;
    const double off_one = q.denominator ? std::max(sum_hi / sum->lo - 1, 1 - sum_lo / sum->hi) : delta * scale / sum->lo;
    total_unit += std::max(0.0, off_one);
    auto worst = [&](double s) {
        double w = -1e300, a = 0, b = 0;
        for (std::size_t i = 0; i < n; ++i) {
            // The element that took the remainder may be off by every other element's rounding.
            const double unit = i == free ? total_unit : units[i];
            const double low = (given[i] - unit) * s, high = (given[i] + unit) * s;
            // Each element's violation in its own units (a weight of 1e-21 asked to 3 figures is
            // judged as strictly as one of 0.5 to 4 places); a constant divisor keeps it convex.
            const double size = std::max(unit, 1e-300);
            w = std::max({w, (low - num[i].hi) / size, (num[i].lo - high) / size});
            a += std::max(num[i].lo, low);
            b += std::min(num[i].hi, high);
        }
        if (q.denominator) return w;   // S is not the sum of these numerators: only its range binds
        return std::max({w, 1e3 * (a - delta - s), 1e3 * (s - b - delta)});
    };
    double lo = sum->lo / scale, hi = 1.0;
    for (int step = 0; step < 200 && hi - lo > 1e-17; ++step) {
        const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (worst(m1) <= worst(m2)) hi = m2;
        else lo = m1;
    }
    return worst((lo + hi) / 2) <= 1e-9;   // a billionth of a unit: rounding noise, nothing more
}

bool one_factor(const Proportional& p, const std::vector<double>& given, const std::vector<double>& units) {
    double lo = p.scale.lo, hi = p.scale.hi;
    for (std::size_t i = 0; i < given.size(); ++i) {
        const double f = p.factors[i], a = given[i] - units[i], b = given[i] + units[i];
        if (f == 0) {
            if (a > 0 || b < 0) return false;
            continue;
        }
        const double x = a / f, y = b / f;
        lo = std::max(lo, std::min(x, y));
        hi = std::min(hi, std::max(x, y));
    }
    return lo <= hi * (1 + 1e-12) + 1e-300;
}

}  // namespace

Interval carried(Interval x, Carry c) {
    Interval out = x;
    if (!finite(x)) return out;
    for (int k = std::max(c.places, 0); c.places >= 0 && k <= kMostDigits; ++k) {
        out.lo = std::min(out.lo, round_places(x.lo, k));
        out.hi = std::max(out.hi, round_places(x.hi, k));
    }
    for (int k = std::max(c.figures, 1); c.figures > 0 && k <= kMostDigits; ++k) {
        out.lo = std::min(out.lo, round_figures(x.lo, k));
        out.hi = std::max(out.hi, round_figures(x.hi, k));
    }
    return out;
}

std::optional<Quotients> softmax_by_hand(const std::vector<Interval>& scores, bool shift, Carry exp_carry, Carry sum_carry) {
    if (scores.empty()) return std::nullopt;
    std::size_t top = 0;
    for (std::size_t i = 1; i < scores.size(); ++i) {
        if (scores[i].lo + scores[i].hi > scores[top].lo + scores[top].hi) top = i;
    }
    Quotients q;
    q.sum_carry = sum_carry;
    std::vector<Interval> exps;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        Interval s = scores[i];   // s_i − s_top: the top one exactly 0, the others as intervals differ
        if (shift) s = i == top ? Interval{0, 0} : Interval{scores[i].lo - scores[top].hi, scores[i].hi - scores[top].lo};
        // e is a figure the chapter does not print, carried as √2 is (at least 4 places or 4
        // figures: 2.718, 2.7183, …; issue 43): a power of a carried e, c^s = exp(s·ln c), for
        // every ln c of carried e. At 3 figures in 1(c), where scores reach 20 and more,
        // 2.718^s is off by 0.2 % and more, over a unit: without this, honest work fails there.
        static const Interval ln_e = [] {
            const Interval e = carried(Interval::point(std::exp(1.0)), Carry{4, 4});
            return Interval{std::log(e.lo), std::log(e.hi)};
        }();
        s = {std::min({s.lo * ln_e.lo, s.lo * ln_e.hi}), std::max({s.hi * ln_e.lo, s.hi * ln_e.hi})};
        exps.push_back({std::exp(s.lo), std::exp(s.hi)});
    }
    // Exponentials in decimal places keep at least 2 significant figures of the largest one
    // (0.0025 at 4 places, 0.00012 at 5; 0.0001 has lost the exponential's significance): the
    // places allowed start where they do.
    if (exp_carry.places >= 0) {
        double largest = 0;
        for (const Interval& e : exps) largest = std::max(largest, e.lo);
        exp_carry.places = keeping_two_figures(largest, exp_carry.places);
        if (round_places(largest, exp_carry.places) < 10 * std::pow(10.0, -exp_carry.places)) return std::nullopt;
    }
    // (Only when float32 holds the largest exponential as a normal number: else float32 loses it
    // all, and only the other ways of carrying are correct work.)
    double largest_lo = 0;
    for (const Interval& x : exps) largest_lo = std::max(largest_lo, x.lo);
    const bool float32_normal_top = largest_lo >= 1.2e-38 && largest_lo < 3.4e38;
    double sum_lo = 0, sum_hi = 0;
    for (const Interval& x : exps) {
        Interval e = carried(x, exp_carry);
        if (exp_carry.figures > 0 && e.lo < 1.2e-38 && float32_normal_top) {
            // NumPy float32 keeps exponentials below 1.2e-38 with fewer bits (subnormals) and
            // those below 2^-150 as 0: one subnormal spacing, 2^-149, either way.
            const double subnormal = std::ldexp(1.0, -149);
            e.lo = std::max(0.0, e.lo - subnormal);
            if (e.hi < 1.2e-38) e.hi += subnormal;
        }
        if (!finite(e)) return std::nullopt;
        q.numerators.push_back(e);
        sum_lo += e.lo;
        sum_hi += e.hi;
    }
    if (!carried_denominator({sum_lo, sum_hi}, sum_carry)) return std::nullopt;   // 0/0: not correct work
    return q;
}

std::vector<Interval> element_ranges(const Quotients& q) {
    double sum_lo = 0, sum_hi = 0;
    for (const Interval& x : q.numerators) {
        sum_lo += x.lo;
        sum_hi += x.hi;
    }
    const Interval sum =
        carried_denominator(q.denominator.value_or(Interval{sum_lo, sum_hi}), q.sum_carry).value_or(Interval{0, 0});
    std::vector<Interval> out;
    for (const Interval& x : q.numerators) {
        if (!(sum.lo > 0)) {
            out.push_back({0, 1});
            continue;
        }
        out.push_back({x.lo / sum.hi, x.hi / sum.lo});   // above 1 too: a sum carried down can be below a term
    }
    return out;
}

std::vector<Interval> element_hulls(const CorrectWork& work, std::size_t n) {
    std::vector<std::optional<Interval>> acc(n);
    auto add = [&](std::size_t i, Interval x) { acc[i] = acc[i] ? hull(*acc[i], x) : x; };
    for (const Quotients& q : work.quotients) {
        if (q.numerators.size() != n) continue;
        const std::vector<Interval> r = element_ranges(q);
        for (std::size_t i = 0; i < n; ++i) add(i, r[i]);
    }
    for (const Proportional& p : work.proportional) {
        for (std::size_t i = 0; i < n && i < p.factors.size(); ++i) {
            const double a = p.factors[i] * p.scale.lo, b = p.factors[i] * p.scale.hi;
            add(i, {std::min(a, b), std::max(a, b)});
        }
    }
    if (n == 1) {
        for (const Interval& x : work.scalars) add(0, x);
    }
    std::vector<Interval> out;
    const double nan = std::nan("");
    for (const auto& x : acc) out.push_back(x.value_or(Interval{nan, nan}));
    return out;
}

Interval slope_range(Interval alpha) {
    auto f = [](double x) { return x * (1 - x); };
    Interval out{std::min(f(alpha.lo), f(alpha.hi)), std::max(f(alpha.lo), f(alpha.hi))};
    if (alpha.contains(0.5)) out.hi = 0.25;
    return out;
}

bool correct_work_gives(const CorrectWork& work, const std::vector<double>& given, const std::vector<double>& units) {
    if (given.size() != units.size()) return false;
    for (double g : given) {
        if (!std::isfinite(g)) return false;
    }
    if (given.size() == 1) {
        for (const Interval& x : work.scalars) {
            if (given[0] >= x.lo - units[0] * (1 + 1e-9) && given[0] <= x.hi + units[0] * (1 + 1e-9)) return true;
        }
    }
    for (const Proportional& p : work.proportional) {
        if (p.factors.size() == given.size() && one_factor(p, given, units)) return true;
    }
    double total = 0;
    for (double g : given) total += g;
    // A sum of decimals written to at most 17 digits that is 1 shows as 1 within a few ulps.
    // Forcing a sum of 1 is done with decimal places (one unit for every element); numbers in
    // significant figures (units of every size) are not forced.
    bool same_units = true;
    for (double u : units) same_units = same_units && u == units[0];
    const bool sums_to_one = same_units && std::fabs(total - 1.0) <= 1e-12;
    for (const Quotients& q : work.quotients) {
        if (q.numerators.size() != given.size()) continue;
        if (one_denominator(q, given, units, given.size())) return true;
        if (!sums_to_one) continue;
        for (std::size_t k = 0; k < given.size(); ++k) {
            if (one_denominator(q, given, units, k)) return true;
        }
    }
    return false;
}

CorrectWork softmax_work(const std::vector<Interval>& scores, int places, int figures, Carry sum_carry) {
    CorrectWork w;
    for (const bool shift : {false, true}) {
        for (const Carry exps : {Carry::decimals(places), Carry::significant(figures)}) {
            if (auto q = softmax_by_hand(scores, shift, exps, sum_carry)) w.quotients.push_back(*q);
        }
    }
    return w;
}

std::vector<Interval> point_intervals(const std::vector<double>& xs) {
    std::vector<Interval> out;
    for (double x : xs) out.push_back(Interval::point(x));
    return out;
}

CorrectWork slope_work(const CorrectWork& weights, std::size_t element, double exact_alpha, Carry written) {
    CorrectWork w;
    w.scalars.push_back(slope_range(carried(Interval::point(exact_alpha), written)));
    for (const Quotients& q : weights.quotients) {
        w.scalars.push_back(slope_range(carried(element_ranges(q)[element], written)));
    }
    return w;
}

void prepare_work(CorrectWork& work, std::size_t n) {
    for (Quotients& q : work.quotients) {
        Interval sum{0, 0};
        for (const Interval& x : q.numerators) sum = {sum.lo + x.lo, sum.hi + x.hi};
        q.carried_sum.sum = carried_denominator(q.denominator.value_or(sum), q.sum_carry, &q.carried_sum.kept);
        q.carried_sum.ready = true;
    }
    work.hulls = element_hulls(work, n);
}

}  // namespace attn::homework
