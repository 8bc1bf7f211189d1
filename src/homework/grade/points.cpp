#include "homework/grade/points.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "errors.hpp"
#include "python/python_number.hpp"

namespace attn::homework {

double PointRules::lookup(const std::string& key, double fallback) const {
    const double* points = most_specific_rule(rules, key);
    return points ? *points : fallback;
}

int point_decimals(double points) {
    double scale = 1;
    for (int d = 0; d < kMaxPointDecimals; ++d, scale *= 10) {
        if (std::nearbyint(points * scale) / scale == points) return d;
    }
    return kMaxPointDecimals;
}

double sum_points(const std::vector<double>& points) {
    int decimals = 0;
    for (double p : points) decimals = std::max(decimals, point_decimals(p));
    const double scale = std::pow(10.0, decimals);
    long long units = 0;   // at most 1e6 points a key, 1e9 units a point: far below 2^63 for a sheet
    for (double p : points) units += std::llround(p * scale);
    return static_cast<double>(units) / scale;
}

PointRules parse_point_rules(const std::string& flag, const std::string& text) {
    PointRules out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string rule = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const std::size_t eq = rule.find('=');
        if (rule.empty() || eq == std::string::npos || eq == 0 || eq + 1 == rule.size()) {
            throw UsageError(flag, "expected KEY=POINTS[,KEY=POINTS…] (e.g. hw3=2,hw1.c.slope_a=0.5), got \"" + rule + "\"");
        }
        const std::string pattern = rule.substr(0, eq);
        const std::string number = rule.substr(eq + 1);
        // Read as every number flag is (Python's float(): "0.5", "1_0", "５")
        const std::optional<double> read = python::python_float(number);
        const double points = read.value_or(-1);
        if (!read || !std::isfinite(points) || points < 0 || points > 1e6) {
            throw UsageError(flag, "points must be a number from 0 to 1000000, got \"" + number + "\"");
        }
        out.rules.emplace_back(pattern, points);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

}  // namespace attn::homework
