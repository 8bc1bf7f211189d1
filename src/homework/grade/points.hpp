#pragma once
// Points per item: 1 each unless the course file's [points] or the --points flag says otherwise
// (the sheet holds answers only). A rule names a key ("hw1.c.slope_a"), a part ("hw1.c"), a
// problem ("hw1") or everything ("*"); the most specific rule wins, and of equally specific ones
// the later (--points comes after the course file's).
#include <string>
#include <utility>
#include <vector>

#include "homework/key/key_rules.hpp"

namespace attn::homework {

struct PointRules {
    std::vector<std::pair<std::string, double>> rules;   // (pattern, points)
    // The points of the most specific rule matching `key`, or `fallback`.
    double lookup(const std::string& key, double fallback) const;
};

// "hw3=2,hw1.c.slope_a=0.5,*=1": throws attn::UsageError(flag, …) on a malformed rule or a
// negative, non-finite or absurd (> 1e6) number of points.
PointRules parse_point_rules(const std::string& flag, const std::string& text);

// The decimals a number of points is written with: the fewest places (0..kMaxPointDecimals) at
// which it prints back as itself, e.g. 0.1 -> 1, 0.25 -> 2, 3 -> 0.
constexpr int kMaxPointDecimals = 9;
int point_decimals(double points);

// The sum of `points` at the precision the values themselves use (the most decimals any of them
// has): summed in whole units of that last place, so that ten times 0.1 plus nine is 1.9, not
// the binary sum 1.9000000000000006 (what reports used to write).
double sum_points(const std::vector<double>& points);

}  // namespace attn::homework
