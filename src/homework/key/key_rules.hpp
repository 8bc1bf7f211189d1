#pragma once
// Rules by key pattern, the teacher's (points, tolerances, partial credit): a rule names a key
// ("hw1.c.slope_a"), a part ("hw1.c"), a problem ("hw1") or everything ("*"), and the most
// specific rule covering a key wins. And a key's item with the course file's tolerance for it.
#include <string>
#include <utility>
#include <vector>

#include "homework/key/answer_key.hpp"

namespace attn::homework {

// Whether `pattern` covers `key`: "*", the key itself, or a dotted prefix of it.
bool pattern_covers(const std::string& pattern, const std::string& key);
// Specificity: "*" 0, "hw1" 1, "hw1.c" 2, "hw1.c.slope_a" 3.
int pattern_depth(const std::string& pattern);

// Of (pattern, value) rules, the value of the most specific rule covering `key` (later rules win
// ties, as later flags do), or null: the lookup of points, tolerances and partial credit.
template <class Value>
const Value* most_specific_rule(const std::vector<std::pair<std::string, Value>>& rules, const std::string& key) {
    int best = -1;
    const Value* found = nullptr;
    for (const auto& [pattern, value] : rules) {
        if (!pattern_covers(pattern, key)) continue;
        const int depth = pattern_depth(pattern);
        if (depth >= best) {
            best = depth;
            found = &value;
        }
    }
    return found;
}

// A [tolerance] rule: `digits` (1..15) replaces the key's asked digits; or `rtol` (0..1) and
// `atol` (0..1e12) replace the one-unit rule (precision.hpp).
struct Tolerance {
    int digits = 0;
    double rtol = 0, atol = 0;
};
using ToleranceRules = std::vector<std::pair<std::string, Tolerance>>;

// The key's item with the course file's tolerance for it, as grade() judges it: `digits` for keys
// asked in decimal places or significant figures, rtol / atol for every number and integer
// (booleans and expressions as they are). --template --course shows the same on the sheet.
Item with_tolerance(const Item& item, const ToleranceRules& rules);

}  // namespace attn::homework
