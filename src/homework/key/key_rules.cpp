#include "homework/key/key_rules.hpp"

namespace attn::homework {

bool pattern_covers(const std::string& pattern, const std::string& key) {
    if (pattern == "*" || pattern == key) return true;
    return key.size() > pattern.size() && key.compare(0, pattern.size(), pattern) == 0 &&
           key[pattern.size()] == '.';
}

int pattern_depth(const std::string& pattern) {
    if (pattern == "*") return 0;
    int depth = 1;
    for (char c : pattern) depth += c == '.';
    return depth;
}

Item with_tolerance(const Item& item, const ToleranceRules& rules) {
    const Tolerance* t = most_specific_rule(rules, item.key());
    if (!t || item.kind == ItemKind::boolean || item.kind == ItemKind::expression) return item;
    Item out = item;
    if (t->digits > 0) {
        if (item.precision.kind != Precision::Kind::exact) out.precision.digits = t->digits;
    } else {
        out.precision.rtol = t->rtol;
        out.precision.atol = t->atol;
    }
    return out;
}

}  // namespace attn::homework
