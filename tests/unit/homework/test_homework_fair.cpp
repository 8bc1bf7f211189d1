// Fair by construction (issue 17, point 1): over at least 10 000 variants of every problem, honest
// students who work from the numbers printed on their sheet (exactly, or carrying the printed
// rounded figures through the problem's own steps, each rounded to the asked places) are never
// marked wrong, while every known mistake that the one-unit rule marked wrong stays wrong. The
// students' methods are written out here, independently of homework/key/honest_work.cpp, as a person
// would work them. Under the sanitizers (ATTN_SANITIZED) the run is scaled down to 1 000 variants.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "homework/key/answer_key.hpp"
#include "homework/grade/grade.hpp"
#include "homework/problems/problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/solutions/solution_text.hpp"
#include "homework/trust/variant.hpp"

using namespace attn::homework;

namespace {

int variants_to_run() { return std::getenv("ATTN_SANITIZED") ? 1000 : 10000; }

// A figure as a person writes it down: to `places` decimals, or to `figures` significant figures.
double to_places(double x, int places) { return std::strtod(fmt::format("{:.{}f}", x, places).c_str(), nullptr); }
double to_figures(double x, int figures) {
    return std::strtod(fmt::format("{:.{}e}", x, figures - 1).c_str(), nullptr);
}
std::string write_places(double x, int places) { return fmt::format("{:.{}f}", x, places); }
std::string write_figures(double x, int figures) { return fmt::format("{:.{}e}", x, figures - 1); }

std::string array_of(const std::vector<std::string>& xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + xs[i];
    return out + "]";
}

// How one student works: how they write 1/√2, whether they round every intermediate figure to
// the places asked, whether they subtract the largest score before exponentiating, and which of
// problem 2's printed figures they divide.
struct Student {
    int sqrt2 = 0;             // 0: √2 exactly, 1: 1.4142, 2: × 0.7071
    bool round_steps = false;  // every intermediate at the asked places (the chapter's worked answer)
    bool shift = false;        // exp(s − max s)
    int problem2 = 0;          // 0 exact column; 1 printed / their sum; 2 printed / exact sum (6 dp); 3 exact / printed sum
};

std::vector<Student> students() {
    std::vector<Student> out;
    for (int sqrt2 = 0; sqrt2 < 3; ++sqrt2) {
        for (int round_steps = 0; round_steps < 2; ++round_steps) {
            out.push_back({sqrt2, round_steps == 1, false, (sqrt2 + 2 * round_steps) % 4});
        }
    }
    out.push_back({0, true, true, 1});
    out.push_back({1, true, true, 3});
    return out;
}

std::vector<double> softmax_by_hand(const std::vector<double>& scores, bool shift, int round_places, int round_figures) {
    double top = scores[0];
    for (double x : scores) top = std::max(top, x);
    std::vector<double> e;
    double sum = 0;
    // Exponentials that would all round to 0 at the asked places: anyone shifts by the largest.
    if (round_places >= 0 && to_places(std::exp(top), round_places) == 0.0) shift = true;
    for (double x : scores) {
        double v = std::exp(shift ? x - top : x);
        if (round_places >= 0) v = to_places(v, round_places);
        if (round_figures > 0) v = to_figures(v, round_figures);
        e.push_back(v);
        sum += v;
    }
    for (double& v : e) v /= sum;
    return e;
}

std::map<std::string, std::string> answers(const Variant& v, const Student& st, const Problem2Solution& p2) {
    std::map<std::string, std::string> a;
    // ---- problem 1, from the printed keys and query -------------------------------------------
    const auto& p = v.p1;
    std::vector<double> s, sc, s_c;
    for (const auto& k : p.keys) {
        s.push_back(static_cast<double>(k[0] * p.query[0] + k[1] * p.query[1]));
        s_c.push_back(static_cast<double>(k[0] * p.scale * p.query[0] + k[1] * p.scale * p.query[1]));
    }
    std::vector<std::string> t;
    for (double x : s) t.push_back(fmt::format("{:.0f}", x));
    a["hw1.a.scores"] = array_of(t);
    for (double x : s) {
        double y = st.sqrt2 == 0 ? x / std::sqrt(2.0) : st.sqrt2 == 1 ? x / 1.4142 : x * 0.7071;
        sc.push_back(st.round_steps ? to_places(y, 4) : y);
    }
    t.clear();
    for (double x : sc) t.push_back(write_places(x, 4));
    a["hw1.a.scaled"] = array_of(t);
    const int steps4 = st.round_steps ? 4 : -1, steps3 = st.round_steps ? 3 : 0;
    const std::vector<double> wa = softmax_by_hand(sc, st.shift, steps4, 0);
    const std::vector<double> wb = softmax_by_hand(s, st.shift, steps4, 0);
    const std::vector<double> wc = softmax_by_hand(s_c, st.shift, -1, steps3);
    t.clear();
    for (double x : wa) t.push_back(write_places(x, 4));
    a["hw1.a.weights"] = array_of(t);
    t.clear();
    for (double x : wb) t.push_back(write_places(x, 4));
    a["hw1.b.weights"] = array_of(t);
    t.clear();
    for (double x : wc) t.push_back(write_figures(x, 3));
    a["hw1.c.weights"] = array_of(t);
    const double a2 = to_places(wa[1], 4), c2 = to_figures(wc[1], 3);
    a["hw1.c.slope_a"] = write_places(a2 * (1 - a2), 4);
    a["hw1.c.slope_c"] = write_figures(c2 * (1 - c2), 3);

    // ---- problem 2, from the column as printed at full precision (6 places) --------------------
    const auto c = static_cast<std::size_t>(v.p2.column);
    std::vector<double> exact(p2.column_weights.begin(), p2.column_weights.begin() + static_cast<long>(c));
    std::vector<double> printed;
    for (double x : exact) printed.push_back(to_places(x, 6));
    double exact_sum = 0, printed_sum = 0;
    for (double x : exact) exact_sum += x;
    for (double x : printed) printed_sum += x;
    printed_sum = to_places(printed_sum, 6);
    const bool uses_printed = st.problem2 == 1 || st.problem2 == 2;
    const double sum = st.problem2 == 0 ? exact_sum : st.problem2 == 2 ? to_places(exact_sum, 6) : printed_sum;
    a["hw2.a.kept_sum"] = write_places(st.problem2 == 0 ? exact_sum : printed_sum, 6);
    t.clear();
    for (std::size_t i = 0; i < c; ++i) t.push_back(write_places((uses_printed ? printed[i] : exact[i]) / sum, 6));
    a["hw2.b.weights"] = array_of(t);
    a["hw2.c.same_as_mask"] = "true";

    // ---- problem 3, the chapter's formula in whole numbers ----------------------------------
    const std::int64_t d = v.p3.d, ns = v.p3.n_short, nl = v.p3.n_long;
    auto muls = [d](std::int64_t n) { return 4 * d * d * n + 2 * n * n * d; };
    a["hw3.a.params"] = "\"4*D^2\"";
    a[fmt::format("hw3.a.params_d{}", d)] = std::to_string(4 * d * d);
    a["hw3.b.muls"] = "\"4D^2N + 2N^2D\"";
    a[fmt::format("hw3.c.muls_n{}", ns)] = std::to_string(muls(ns));
    a[fmt::format("hw3.c.muls_n{}", nl)] = std::to_string(muls(nl));
    a["hw3.c.ratio"] = write_places(static_cast<double>(muls(nl)) / static_cast<double>(muls(ns)), 2);
    a["hw3.d.threshold"] = "\"2*D\"";
    a[fmt::format("hw3.d.n_equal_d{}", d)] = std::to_string(2 * d);
    a["hw3.d.muls_each"] = std::to_string(4 * d * d * (2 * d));
    return a;
}

// The expression answers do not depend on the numbers, and muParser's set-up dominates a grading:
// they are written on every 50th variant's sheet only (the others leave them missing, unchecked).
std::string sheet_text(const AnswerKey& key, const std::map<std::string, std::string>& a, bool expressions) {
    std::string out;
    for (const Item& item : key.items) {
        if (item.kind == ItemKind::expression && !expressions) continue;
        const auto it = a.find(item.key());
        REQUIRE_MESSAGE(it != a.end(), item.key());
        out += item.key() + " = " + it->second + "\n";
    }
    return out;
}

// A known mistake as a student would write it: at the asked precision.
std::string written(const Item& item, const std::vector<double>& values) {
    std::vector<std::string> t;
    for (double x : values) {
        if (item.precision.kind == Precision::Kind::places) t.push_back(write_places(x, item.precision.digits));
        else if (item.precision.kind == Precision::Kind::significant) t.push_back(write_figures(x, item.precision.digits));
        else t.push_back(x == std::floor(x) ? fmt::format("{:.0f}", x) : fmt::format("{}", x));
    }
    return item.length == 0 ? t[0] : array_of(t);
}

Solutions solve_fast(const Variant& v) {
    return {v, solve_problem1(v.p1), solve_problem2(v.p2), solve_problem3(v.p3, Problem3Counts::formula_only)};
}

}  // namespace

TEST_CASE("fair by construction: honest students are right on every variant, known mistakes stay wrong") {
    const int n = variants_to_run();
    const std::vector<Student> class_of = students();
    GradeOptions options;
    options.expression_seed = 17;
    std::size_t graded = 0, mistakes_checked = 0;
    std::map<std::string, int> honest_wrong;
    for (int i = 0; i < n; ++i) {
        const Variant v = derive_variant("fair-" + std::to_string(i));
        const Solutions s = solve_fast(v);
        const AnswerKey key = build_answer_key(s);
        // One student per variant, taking the methods in turn: each method meets 1 250 variants.
        std::map<std::string, std::string> first;
        for (std::size_t j = 0; j < 1; ++j) {
            const std::size_t k = static_cast<std::size_t>(i) % class_of.size();
            const auto a = answers(v, class_of[k], s.p2);
            if (j == 0) first = a;
            const bool expressions = i % 50 == 0;
            const GradeReport r = grade(key, parse_sheet(sheet_text(key, a, expressions), "fair.toml"), options);
            ++graded;
            for (const GradedItem& row : r.items) {
                if (row.verdict == Verdict::right) continue;
                if (!expressions && row.verdict == Verdict::missing && row.precision == "expression") continue;
                if (++honest_wrong[row.key] <= 3) {
                    MESSAGE(fmt::format("variant fair-{} student {}: {} = {} marked {} ({})", i, k, row.key, a.at(row.key),
                                        verdict_name(row.verdict), row.hint));
                }
            }
        }
        // Known mistakes (every 10th variant), one sheet per mistake slot: each that the one-unit
        // rule marks wrong stays wrong.
        for (std::size_t slot = 0; slot < (i % 10 == 0 ? 4u : 0u); ++slot) {
            auto a = first;
            std::map<std::string, bool> must_be_wrong;
            for (const Item& item : key.items) {
                if (slot >= item.mistakes.size()) continue;
                const Mistake& m = item.mistakes[slot];
                if (item.kind == ItemKind::expression) {
                    if (i % 50 != 0) continue;
                    a[item.key()] = "\"" + m.expression + "\"";
                    must_be_wrong[item.key()] = true;
                    continue;
                }
                if (item.kind == ItemKind::boolean || m.values.size() != item.values.size()) continue;
                a[item.key()] = written(item, m.values);
                const SheetValue parsed = parse_sheet("x = " + a[item.key()] + "\n", "m").values.front();
                bool near = true;
                for (std::size_t e = 0; e < item.values.size(); ++e) {
                    const double given = parsed.type == SheetValue::Type::array ? parsed.elements[e].number : parsed.number;
                    near = near && within_one_unit(given, item.values[e], item.precision);
                }
                must_be_wrong[item.key()] = !near;
            }
            if (must_be_wrong.empty()) continue;
            const GradeReport r = grade(key, parse_sheet(sheet_text(key, a, i % 50 == 0), "mistakes.toml"), options);
            for (const GradedItem& row : r.items) {
                const auto it = must_be_wrong.find(row.key);
                if (it == must_be_wrong.end() || !it->second) continue;
                ++mistakes_checked;
                CHECK_MESSAGE(row.verdict == Verdict::wrong,
                              fmt::format("variant fair-{}: the known mistake {} = {} was accepted", i, row.key, a[row.key]));
            }
        }
    }
    for (const auto& [k, count] : honest_wrong) MESSAGE(fmt::format("{}: {} honest answers marked wrong", k, count));
    CHECK(honest_wrong.empty());
    MESSAGE(fmt::format("{} variants, {} honest sheets graded, {} known mistakes checked", n, graded, mistakes_checked));
    CHECK(graded == static_cast<std::size_t>(n));
    CHECK(mistakes_checked > static_cast<std::size_t>(n));
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
