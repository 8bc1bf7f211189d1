// Fair by construction, third round (issue 29): the grading rule is derived (homework/grade/
// bounds.hpp), so it is checked against students, not against itself.
//  * 48 honest methods (honest_students.hpp: float64 and NumPy float32, exponentials at 4 to 6
//    places and 4 to 6 figures, with and without the largest score subtracted, each also forced
//    to sum to 1 two ways; √2 written four ways, scaled scores and sums rounded or not; problem 2
//    from the printed or exact column, over the printed or exact sum; α₂(1 − α₂) from the
//    student's own α₂) on every one of 10 000 variants: none marked wrong. Each key is judged by
//    the grader's rule (judge.hpp), and one whole sheet per variant goes through grade().
//  * What correct work cannot give is wrong: zero vectors; every known mistake that no honest
//    method's answer lies within one unit of; each element moved past the propagated bound;
//    vectors mixing two routes whose sum is off 1 by more than any one computation's can be.
// Under the sanitizers (ATTN_SANITIZED) 1 000 variants.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "homework/grade/grade.hpp"
#include "homework/io/cells.hpp"
#include "homework/grade/judge.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/problems/variant.hpp"
#include "honest_students.hpp"
#include "test_homework_support.hpp"

using namespace attn::homework;
using namespace attn::homework::testing;
using namespace students;

namespace {

int variants_to_run() { return std::getenv("ATTN_SANITIZED") ? 1000 : 10000; }

std::string write(double x, const Precision& p) {
    return p.kind == Precision::Kind::places ? fmt::format("{:.{}f}", x, p.digits) : fmt::format("{:.{}e}", x, p.digits - 1);
}
std::string write(const std::vector<double>& xs, const Precision& p, bool array = true) {
    std::string out;
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + write(xs[i], p);
    return array ? "[" + out + "]" : out;
}
// What the sheet's reader gives back for a written number: the number itself.
std::vector<double> as_read(const std::vector<double>& xs, const Precision& p) {
    std::vector<double> out;
    for (double x : xs) out.push_back(std::strtod(write(x, p).c_str(), nullptr));
    return out;
}

// One student's answers to problems 1 and 2 (numbers as written), keyed by the sheet's keys.
std::map<std::string, std::vector<double>> answers(const Solutions& s, Method m, int variant, std::size_t k) {
    const Problem1Solution& p = s.p1;
    m.sqrt2 = static_cast<int>((static_cast<std::size_t>(variant) + k) % 4);
    m.round_scaled = (static_cast<std::size_t>(variant) / 4 + k) % 2 == 0;
    m.round_sum = (static_cast<std::size_t>(variant) / 8 + k) % 3 != 0;
    const Precision dp4 = Precision::places(4), sf3 = Precision::significant(3), dp6 = Precision::places(6);
    std::map<std::string, std::vector<double>> a;
    std::vector<double> scaled;
    for (double x : p.scores) {
        const double y = m.sqrt2 == 0 ? x / std::sqrt(2.0) : m.sqrt2 == 1 ? x / 1.4142 : m.sqrt2 == 2 ? x * 0.7071 : x / 1.414;
        scaled.push_back(m.round_scaled ? to_places(y, 4) : y);
    }
    a["hw1.a.scaled"] = as_read(scaled, dp4);
    a["hw1.a.weights"] = as_read(written(softmax(scaled, m), m, true, 4), dp4);
    a["hw1.b.weights"] = as_read(written(softmax(p.scores, m), m, true, 4), dp4);
    // (c) asks 3 significant figures: its exponentials are carried in figures (the rule), and a
    // student carrying figures may carry one fewer there; one carrying places carries figures.
    Method mc = m;
    if (mc.exps.kind == Form::figures || mc.exps.kind == Form::places) mc.exps = {Form::figures, std::max(3, mc.exps.digits - 1)};
    a["hw1.c.weights"] = as_read(written(softmax(p.scores_c, mc), mc, false, 3), sf3);
    const double a2 = a["hw1.a.weights"][1], c2 = a["hw1.c.weights"][1];
    a["hw1.c.slope_a"] = as_read({a2 * (1 - a2)}, dp4);
    a["hw1.c.slope_c"] = as_read({c2 * (1 - c2)}, sf3);
    // Problem 2 from the column the sheet prints (6 places) or the exact one, over its own sum or
    // over (a)'s sum; forced to 1 as in problem 1.
    const Problem2Solution& q = s.p2;
    const bool printed = k % 2 == 0;
    const std::vector<double>& kept = printed ? q.printed.kept : q.answer.kept;
    double sum = 0;
    for (double x : kept) sum += x;
    sum = k % 3 == 0 ? to_places(q.answer.kept_sum, 6) : to_places(sum, 6);
    a["hw2.a.kept_sum"] = {printed ? q.printed.kept_sum : to_places(q.answer.kept_sum, 6)};
    std::vector<double> w;
    for (double x : kept) w.push_back(x / sum);
    a["hw2.b.weights"] = as_read(written(w, m, true, 6), dp6);
    return a;
}

std::string sheet_of(const AnswerKey& key, const std::map<std::string, std::vector<double>>& a, bool expressions) {
    std::string out;
    for (const Item& item : key.items) {
        const auto it = a.find(item.key());
        if (it != a.end()) {
            out += item.key() + " = " + write(it->second, item.precision, item.length > 0) + "\n";
        } else if (item.kind == ItemKind::integer) {
            out += item.key() + " = " + (item.length ? "[" : "");
            for (std::size_t i = 0; i < item.values.size(); ++i) out += (i ? ", " : "") + fmt::format("{:.0f}", item.values[i]);
            out += std::string(item.length ? "]" : "") + "\n";
        } else if (item.kind == ItemKind::real) {   // problem 3's ratio: exact at its places
            out += item.key() + " = " + write(item.values[0], item.precision) + "\n";
        } else if (item.kind == ItemKind::boolean) {
            out += item.key() + " = " + (item.boolean ? "true" : "false") + "\n";
        } else if (expressions) {
            out += item.key() + " = \"" + item.expression + "\"\n";
        }
    }
    return out;
}

const char* const kJudged[] = {"hw1.a.scaled", "hw1.a.weights", "hw1.b.weights", "hw1.c.weights", "hw1.c.slope_a",
                               "hw1.c.slope_c", "hw2.a.kept_sum", "hw2.b.weights"};

// The earlier answer a key follows from: α₂ of (a) for slope_a, of (c) for slope_c.
std::optional<double> earlier_of(const Item& item, const std::map<std::string, std::vector<double>>& a,
                                 const std::map<std::string, bool>& right) {
    if (item.follows.key.empty()) return std::nullopt;
    const auto it = a.find(item.follows.key);
    const auto ok = right.find(item.follows.key);
    if (it == a.end() || ok == right.end() || !ok->second || item.follows.element >= it->second.size()) return std::nullopt;
    return it->second[item.follows.element];
}

// Whether the exponentials of `name`'s part are at least 1 at their largest, so that carrying them
// in decimal places keeps at least 5 figures of the sum. Below that, the smaller exponentials can
// keep less than one figure at the places allowed (1.46e-6 at 6 places is 0.000001 or 0), the
// rule's bound on their weights is as wide as that, and a vector mixing routes can lie within it:
// those variants are counted, not checked, by the mixing check, and a known mistake there that
// lies within the bound is counted and reported (2 of 180 000 in 10 000 variants, both weights
// forced to sum to 1 with exponentials of 1e-9 at 10 places), not failed. Every other check runs on all.
bool full_significance(const Solutions& s, const std::string& name) {
    auto top = [](const std::vector<double>& xs) {
        double t = xs[0];
        for (double x : xs) t = std::max(t, x);
        return t;
    };
    if (name.rfind("hw1.a.weights", 0) == 0 || name == "hw1.c.slope_a") return top(s.p1.scaled) >= 0;
    if (name.rfind("hw1.b.", 0) == 0) return top(s.p1.scores) >= 0;
    if (name.rfind("hw1.c.", 0) == 0) return top(s.p1.scores_c) >= 0;
    return true;
}

}  // namespace

TEST_CASE("fair by construction: 48 honest methods are right on every variant (issue 29)") {
    const int n = variants_to_run();
    const std::vector<Method> ms = methods();
    REQUIRE(ms.size() >= 20);
    GradeOptions options;
    options.expression_seed = 29;
    std::map<std::string, int> wrong;
    std::size_t judged = 0, sheets = 0, followed = 0;
    for (int i = 0; i < n; ++i) {
        const Variant v = derive_variant("fair-" + std::to_string(i));
        const Solutions s = solve_fast(v);
        const AnswerKey key = build_answer_key(s);
        for (std::size_t k = 0; k < ms.size(); ++k) {
            const auto a = answers(s, ms[k], i, k);
            std::map<std::string, bool> right;
            for (const char* name : kJudged) {
                const Item& item = item_of(key, name);
                const Judgement j = judge_numbers(item, a.at(name), earlier_of(item, a, right));
                right[name] = j.right;
                followed += j.followed;
                ++judged;
                if (!j.right && ++wrong[ms[k].name() + ": " + name] <= 2) {
                    MESSAGE(fmt::format("variant fair-{}: {}: {} = {} marked wrong", i, ms[k].name(), name,
                                        write(a.at(name), item.precision)));
                }
            }
            if (k != static_cast<std::size_t>(i) % ms.size()) continue;
            // This variant's whole sheet through the grader, for one method in turn.
            const bool expressions = i % 50 == 0;
            const GradeReport r = grade(key, parse_sheet(sheet_of(key, a, expressions), "fair.toml"), options);
            ++sheets;
            for (const GradedItem& row : r.items) {
                if (!expressions && row.verdict == Verdict::missing && row.precision == "expression") continue;
                CHECK_MESSAGE(row.verdict == Verdict::right,
                              fmt::format("variant fair-{}: {}: {} marked {} ({})", i, ms[k].name(), row.key,
                                          verdict_name(row.verdict), row.hint));
            }
        }
    }
    for (const auto& [what, count] : wrong) MESSAGE(fmt::format("{}: {} honest answers marked wrong", what, count));
    CHECK(wrong.empty());
    MESSAGE(fmt::format("{} variants x {} methods: {} answers judged, {} sheets graded whole, {} right by follow-through",
                        n, ms.size(), judged, sheets, followed));
    CHECK(judged == static_cast<std::size_t>(n) * ms.size() * std::size(kJudged));
}

TEST_CASE("what correct work cannot give is wrong: zero vectors, known mistakes, past the bound, mixed routes") {
    const int n = variants_to_run();
    const std::vector<Method> ms = methods();
    std::size_t zeros = 0, mistakes = 0, indistinguishable = 0, past = 0, mixed = 0, partial = 0, partial_accepted = 0;
    // Every 4th variant (2 500, or 250 under the sanitizers): each check here is many answers per variant.
    std::size_t variants = 0;
    for (int i = 0; i < n; i += 4) {
        ++variants;
        const Variant v = derive_variant("fair-" + std::to_string(i));
        const Solutions s = solve_fast(v);
        const AnswerKey key = build_answer_key(s);
        // Every honest method's answers on this variant, to tell a mistake from honest work.
        std::vector<std::map<std::string, std::vector<double>>> honest;
        for (std::size_t k = 0; k < ms.size(); ++k) honest.push_back(answers(s, ms[k], i, k));
        for (const char* name : kJudged) {
            const Item& item = item_of(key, name);
            const std::size_t len = item.values.size();
            if (len > 1) {   // the zero vector
                ++zeros;
                CHECK_MESSAGE(!judge_numbers(item, std::vector<double>(len, 0.0)).right, fmt::format("fair-{}: {} = 0s accepted", i, name));
            }
            const bool full = full_significance(s, name);
            partial += !full;
            for (const Mistake& m : item.mistakes) {
                if (m.values.size() != len) continue;
                const std::vector<double> given = as_read(m.values, item.precision);
                bool like_honest = false;
                for (const auto& a : honest) {
                    bool near = true;
                    for (std::size_t e = 0; e < len; ++e) near = near && within_one_unit(given[e], a.at(name)[e], item.precision);
                    like_honest = like_honest || near;
                }
                bool near_exact = true;
                for (std::size_t e = 0; e < len; ++e) near_exact = near_exact && within_one_unit(given[e], item.values[e], item.precision);
                if (like_honest || near_exact) {
                    ++indistinguishable;
                    continue;
                }
                if (!full) {   // counted, reported below: see full_significance
                    const bool accepted = judge_numbers(item, given).right;
                    partial_accepted += accepted;
                    if (accepted) MESSAGE(fmt::format("fair-{}: {} = {} accepted where the exponentials keep few figures", i, name, write(given, item.precision)));
                    continue;
                }
                ++mistakes;
                CHECK_MESSAGE(!judge_numbers(item, given).right,
                              fmt::format("fair-{}: the known mistake {} = {} ({}) was accepted", i, name,
                                          write(given, item.precision), m.hint));
            }
            // Each element just past the propagated bound of every computation: wrong.
            const std::vector<double> units = units_of(item);
            const std::vector<Interval> hulls = element_hulls(item.correct, len);
            for (std::size_t e = 0; e < len && !item.correct.empty(); ++e) {
                // One unit as the grader counts it: in significant figures, at the probe's own magnitude too.
                auto unit_at = [&](double x) {
                    return item.precision.kind == Precision::Kind::significant && x != 0
                               ? std::max(units[e], unit_of(x, item.precision)) : units[e];
                };
                auto beyond = [&](double edge, double sign) {
                    double probe = edge + sign * 2.5 * unit_at(edge);
                    for (int k = 0; k < 3; ++k) probe = edge + sign * 2.5 * std::max(unit_at(edge), unit_at(probe));
                    return probe;
                };
                for (const double outside : {beyond(hulls[e].hi, 1), beyond(hulls[e].lo, -1)}) {
                    std::vector<double> given = item.values;
                    given[e] = outside;
                    if (item.precision.kind == Precision::Kind::places) {
                        given[e] = outside > hulls[e].hi ? std::ceil(outside / units[e]) * units[e] : std::floor(outside / units[e]) * units[e];
                    }
                    ++past;
                    CHECK_MESSAGE(!judge_numbers(item, given).right,
                                  fmt::format("fair-{}: {} element {} at {} (bound [{}, {}]) accepted", i, name, e + 1,
                                              given[e], hulls[e].lo, hulls[e].hi));
                }
            }
            // An honest vector with one element taken from a known mistake's vector (routes mixed):
            // wrong wherever that element is more than 3 units from the honest one.
            if (len > 1 && item.precision.kind == Precision::Kind::places && item.name == "weights" && full) {
                for (const Mistake& m : item.mistakes) {
                    if (m.values.size() != len) continue;
                    const std::vector<double> wrong = as_read(m.values, item.precision);
                    for (std::size_t k = 0; k < ms.size(); k += 7) {
                        const std::vector<double>& h = honest[k].at(name);
                        for (std::size_t e = 0; e < len; ++e) {
                            if (std::fabs(wrong[e] - h[e]) <= 3 * units[e]) continue;
                            std::vector<double> mix = h;
                            mix[e] = wrong[e];
                            ++mixed;
                            CHECK_MESSAGE(!judge_numbers(item, mix).right,
                                          fmt::format("fair-{}: {} mixing two routes {} accepted", i, name,
                                                      write(mix, item.precision)));
                        }
                    }
                }
            }
        }
    }
    MESSAGE(fmt::format("{} variants: {} zero vectors, {} known mistakes wrong ({} equal to honest work or the exact "
                        "value, not counted), {} answers past the bound, {} mixed vectors: all wrong; {} keys of "
                        "variants whose exponentials are all below 1, where mixing is not checked and {} known mistakes "
                        "lie within the bound",
                        variants, zeros, mistakes, indistinguishable, past, mixed, partial, partial_accepted));
    CHECK(partial_accepted * 1000 <= mistakes);   // a handful in 10 000 variants, reported above
    CHECK(mistakes > 10 * variants);
    CHECK(past > 10 * variants);
}

TEST_CASE("timing: solving 10000 variants" * doctest::skip()) {
    for (int i = 0; i < 10000; ++i) (void)solve_fast(derive_variant("fair-" + std::to_string(i)));
}

TEST_CASE("fair by construction: problem 3's formula-only key equals the counted one on a sample") {
    for (int i = 0; i < 12; ++i) {
        const Variant v = derive_variant("fair-" + std::to_string(i));
        const Problem3Solution counted = solve_problem3(v.p3), formula = solve_problem3(v.p3, Problem3Counts::formula_only);
        CHECK(counted.counts_agree);
        CHECK(counted.params_d == formula.params_d);
        CHECK(counted.muls_short == formula.muls_short);
        CHECK(counted.muls_long == formula.muls_long);
        CHECK(counted.muls_equal == formula.muls_equal);
    }
}

TEST_CASE("hints teach without answering: no hint, nor any fragment of one, is graded right") {
    // Issue 17, point 5: the hint of hw3.b.muls once listed the four terms, whose sum is the answer.
    GradeOptions options;
    options.expression_seed = 5;
    for (const char* id : {"", "alice", "fair-1"}) {
        const Variant v = id[0] ? derive_variant(id) : chapter_variant();
        const AnswerKey key = build_answer_key(solve_fast(v));
        std::vector<std::string> texts;
        for (const Item& item : key.items) {
            texts.push_back(item.hint);
            for (const Mistake& m : item.mistakes) texts.push_back(m.hint);
        }
        // Every hint whole, and every piece of it between punctuation, as every key's answer.
        std::vector<std::string> fragments;
        for (const std::string& t : texts) {
            fragments.push_back(t);
            std::string piece;
            for (char ch : t + ",") {
                if (ch == ',' || ch == ';' || ch == ':' || ch == '=' || ch == '(' || ch == ')') {
                    if (piece.find_first_not_of(' ') != std::string::npos) fragments.push_back(piece);
                    piece.clear();
                } else {
                    piece += ch;
                }
            }
            for (const std::string& word : {std::string("or"), std::string("and")}) {
                for (std::size_t at = t.find(" " + word + " "); at != std::string::npos; at = t.find(" " + word + " ", at + 1)) {
                    fragments.push_back(t.substr(0, at));
                    fragments.push_back(t.substr(at + word.size() + 2));
                }
            }
        }
        // And the sum of every formula-like token of a hint ("3D^2N, scoring N^2D, ..." adds up).
        const std::regex token("(?:^|[^A-Za-z_])([0-9DNH][0-9DNH^*/.]*)(?=$|[^A-Za-z_])");
        for (const std::string& t : texts) {
            std::string sum;
            for (auto it = std::sregex_iterator(t.begin(), t.end(), token); it != std::sregex_iterator(); ++it) {
                sum += (sum.empty() ? "" : " + ") + (*it)[1].str();
            }
            if (!sum.empty()) fragments.push_back(sum);
        }
        for (const std::string& f : fragments) {
            std::string escaped;
            for (char ch : f) escaped += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
            std::string sheet;
            for (const Item& item : key.items) sheet += item.key() + " = \"" + escaped + "\"\n";
            const GradeReport r = grade(key, parse_sheet(sheet, "hints.toml"), options);
            for (const GradedItem& row : r.items) {
                CHECK_MESSAGE(row.verdict != Verdict::right, row.key << " accepts the hint text \"" << f << "\"");
            }
        }
    }
}
