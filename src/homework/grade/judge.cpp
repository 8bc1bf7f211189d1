// The numeric grading rule (judge.hpp): the exact value, correct work's propagated bounds, the
// listed routes of items that still have them, and follow-through.
#include "homework/grade/judge.hpp"

#include <algorithm>
#include <cmath>

namespace attn::homework {

std::vector<double> units_of(const Item& item) {
    std::vector<double> out;
    for (double x : item.values) {
        out.push_back(item.precision.has_tolerance() ? item.precision.atol + item.precision.rtol * std::fabs(x)
                                                     : unit_of(x, item.precision));
    }
    return out;
}

bool zero_for_nonzero(const Item& item, const std::vector<double>& given) {
    if (item.precision.has_tolerance() || item.precision.kind == Precision::Kind::exact) return false;
    for (std::size_t i = 0; i < given.size() && i < item.values.size(); ++i) {
        if (given[i] == 0.0 && item.values[i] != 0.0) return true;
    }
    return false;
}

Judgement judge_numbers(const Item& item, const std::vector<double>& given, std::optional<double> earlier) {
    Judgement j;
    if (given.size() != item.values.size()) return j;
    std::vector<double> units = units_of(item);
    // In significant figures, a correct computation's value is rounded at its own magnitude:
    // one unit there (1.18e-9 to 3 figures is within 1e-11 of what it rounds, whatever the exact value).
    if (item.precision.kind == Precision::Kind::significant && !item.precision.has_tolerance()) {
        for (std::size_t i = 0; i < given.size(); ++i) {
            if (std::isfinite(given[i]) && given[i] != 0) units[i] = std::max(units[i], unit_of(given[i], item.precision));
        }
    }
    const std::vector<Interval> ranges =
        item.correct.hulls.size() == given.size() ? item.correct.hulls : element_hulls(item.correct, given.size());
    bool all_exact = true;
    for (std::size_t i = 0; i < given.size(); ++i) {
        const bool exact = within_one_unit(given[i], item.values[i], item.precision);
        all_exact = all_exact && exact;
        bool near = exact || (std::isfinite(given[i]) && ranges[i].lo - units[i] <= given[i] && given[i] <= ranges[i].hi + units[i]);
        for (const auto& route : item.honest) near = near || (i < route.size() && within_one_unit(given[i], route[i], item.precision));
        j.elements_right += near;
    }
    j.exact = all_exact;
    // No zero for a value that is not zero (issue 43): in significant figures 0 is never a rounding
    // of a non-zero value, and in decimal places the variants keep every non-zero value at least
    // ten units of its place away from 0 (variant.cpp). A 0 there is an underflow (float32's exp
    // below 1e-45), an exponential rounded away, or a guess: wrong, whatever a route's bound allows.
    if (zero_for_nonzero(item, given)) return j;
    if (all_exact || (item.precision.kind != Precision::Kind::exact && correct_work_gives(item.correct, given, units))) {
        j.right = true;
        return j;
    }
    for (const auto& route : item.honest) {
        bool whole = route.size() == given.size();
        for (std::size_t i = 0; whole && i < given.size(); ++i) whole = within_one_unit(given[i], route[i], item.precision);
        if (whole) {
            j.right = true;
            return j;
        }
    }
    if (earlier && item.follows.of && given.size() == 1 && std::isfinite(*earlier)) {
        const double from_theirs = item.follows.of(*earlier);
        if (std::fabs(given[0] - from_theirs) <= units[0] * (1 + 1e-9) + 1e-15 * std::fabs(from_theirs)) {
            j.right = j.followed = true;
            j.elements_right = 1;
        }
    }
    return j;
}

}  // namespace attn::homework
