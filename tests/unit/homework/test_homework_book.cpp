// The book's problems 12.1, 12.3, 12.4, 12.7 and 12.9 (UDL p. 239): the book's facts at the
// default numbers, the variant derivation pinned, and fair grading over at least 10 000 variants:
// students who work each problem honestly (exactly, from the printed y at 3 figures, with or
// without subtracting the largest input, in log space, counts written as numbers or formulas in
// other spellings) are never marked wrong, and every known mistake is wrong and named by its hint.
// The students' methods are written out here, independently of book_key.cpp. Under the sanitizers
// (ATTN_SANITIZED) the run is scaled down to 1 000 variants.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "homework/grade/grade.hpp"
#include "homework/io/cells.hpp"
#include "homework/key/answer_key.hpp"
#include "homework/key/book_key.hpp"
#include "homework/problems/book_problems.hpp"
#include "homework/sheet/sheet.hpp"
#include "homework/sheet/sheet_text.hpp"
#include "homework/solutions/book_solution_text.hpp"
#include "homework/problems/variant.hpp"

using namespace attn::homework;

namespace {

int variants_to_run() { return std::getenv("ATTN_SANITIZED") ? 1000 : 10000; }

std::string figures(double x, int n) { return fmt::format("{:.{}e}", x, n - 1); }
double to_figures(double x, int n) { return std::strtod(figures(x, n).c_str(), nullptr); }

std::string array_of(const std::vector<std::string>& xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + xs[i];
    return out + "]";
}

std::vector<Item> book_items(const BookSolutions& s) {
    std::vector<Item> items;
    for (int p : kBookProblems) add_book_items(s, p, items);
    return items;
}

AnswerKey book_key(const Variant& v, const BookSolutions& s) {
    AnswerKey key;
    key.variant = v;
    key.items = book_items(s);
    return key;
}

// 12.4 as five students work it, in long double or double, from z as printed.
enum class Method { shifted, unshifted, log_space, printed_y, long_double };

std::array<std::array<double, 5>, 5> jacobian_by(const std::array<long, 5>& z, Method m, std::array<double, 5>& y_out) {
    long top = z[0];
    for (long v : z) top = std::max(top, v);
    std::array<long double, 5> y{};
    long double sum = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        const double shift = m == Method::unshifted ? 0.0 : static_cast<double>(top);
        y[i] = m == Method::long_double ? std::exp(static_cast<long double>(z[i] - top))
                                        : static_cast<long double>(std::exp(static_cast<double>(z[i]) - shift));
        sum += y[i];
    }
    std::array<double, 5> logy{};
    for (std::size_t i = 0; i < 5; ++i) {
        y[i] /= sum;
        if (m != Method::long_double) y[i] = static_cast<double>(y[i]);
        logy[i] = static_cast<double>(z[i] - top) - std::log(static_cast<double>(sum));
        if (m == Method::printed_y) y[i] = to_figures(static_cast<double>(y[i]), 3);
        y_out[i] = static_cast<double>(y[i]);
    }
    std::array<std::array<double, 5>, 5> j{};
    for (std::size_t i = 0; i < 5; ++i) {
        for (std::size_t k = 0; k < 5; ++k) {
            if (i == k) {
                long double others = 0;
                for (std::size_t o = 0; o < 5; ++o) if (o != i) others += y[o];
                j[i][k] = static_cast<double>(y[i] * others);
            } else if (m == Method::log_space) {
                j[i][k] = -std::exp(logy[i] + logy[k]);
            } else {
                j[i][k] = static_cast<double>(-y[i] * y[k]);
            }
        }
    }
    return j;
}

std::map<std::string, std::string> honest_answers(const BookParams& p, int who) {
    std::map<std::string, std::string> a;
    const std::int64_t d1 = p.b1.d, n1 = p.b1.n;
    const char* params_spellings[] = {"\"3D^2 + 3D\"", "\"3*D*(D+1)\"", "\"3(D²+D)\"", "\"3*D**2+3*D\""};
    a["book12_1.a.params"] = params_spellings[who % 4];
    a["book12_1.a.params_value"] = std::to_string(3 * d1 * d1 + 3 * d1);
    a["book12_1.b.weights"] = who % 2 ? "\"N^2\"" : "\"N*N\"";
    a["book12_1.b.weights_value"] = std::to_string(n1 * n1);
    a["book12_1.c.params"] = who % 2 ? "\"(DN)^2 + DN\"" : "\"D*N*(D*N+1)\"";
    a["book12_1.c.params_value"] = std::to_string((d1 * n1) * (d1 * n1) + d1 * n1);

    a["book12_3.a.max_gap"] = who % 2 ? "2.2e-16" : "0.000000";
    a["book12_3.b.equivariant"] = "true";
    a["book12_3.c.encoded_equivariant"] = "false";

    const Method m = static_cast<Method>(who % 5);
    std::array<double, 5> y{};
    const auto j = jacobian_by(p.b4.z, m, y);
    std::vector<std::string> t;
    for (double v : y) t.push_back(figures(v, 3));
    a["book12_4.a.y"] = array_of(t);
    for (std::size_t i = 0; i < 5; ++i) {
        t.clear();
        for (double v : j[i]) t.push_back(figures(v, 3));
        a[fmt::format("book12_4.b.dy{}", i + 1)] = array_of(t);
    }
    a["book12_4.c.conclusion"] = "2";

    const std::int64_t d7 = p.b7.d, n7 = p.b7.n;
    a["book12_7.a.projections"] = std::to_string(3 * d7 * d7);
    a["book12_7.a.scores"] = std::to_string((n7 + 1) * d7);
    a["book12_7.a.weighting"] = std::to_string((n7 + 1) * d7);
    a["book12_7.a.total"] = std::to_string(3 * d7 * d7 + 2 * d7 * (n7 + 1));
    a["book12_7.b.extra"] = who % 2 ? "\"3D^2 + 2D(N+1)\"" : "\"3*D*D + 2*N*D + 2*D\"";

    const std::int64_t pp = p.b9.rows * p.b9.cols, c = p.b9.channels;
    a["book12_9.a.spatial"] = std::to_string(2 * pp * pp * c);
    a["book12_9.b.channel"] = std::to_string(2 * c * c * pp);
    a["book12_9.c.ratio"] = figures(static_cast<double>(pp) / static_cast<double>(c), 4 + who % 3);
    return a;
}

std::string sheet_of(const AnswerKey& key, const std::map<std::string, std::string>& a, bool expressions) {
    std::string out;
    for (const Item& item : key.items) {
        if (item.kind == ItemKind::expression && !expressions) continue;
        const auto it = a.find(item.key());
        REQUIRE_MESSAGE(it != a.end(), item.key());
        out += item.key() + " = " + it->second + "\n";
    }
    return out;
}

// A known mistake as a student writes it: at the asked precision.
std::string written(const Item& item, const std::vector<double>& values) {
    std::vector<std::string> t;
    for (double x : values) {
        if (item.precision.kind == Precision::Kind::significant) t.push_back(figures(x, item.precision.digits));
        else if (item.precision.kind == Precision::Kind::places) t.push_back(fmt::format("{:.{}f}", x, item.precision.digits));
        else t.push_back(fmt::format("{:.0f}", x));
    }
    return item.length == 0 ? t[0] : array_of(t);
}

}  // namespace

TEST_CASE("book problems: the book's facts at the default numbers") {
    const Variant v = chapter_variant();
    const BookSolutions s = solve_book(v.book);
    // 12.1: 3D² + 3D, N², (DN)² + DN at D = 6, N = 5.
    CHECK(s.b1.qkv_params == 3 * 36 + 3 * 6);
    CHECK(s.b1.attention_weights == 25);
    CHECK(s.b1.fc_params == 30 * 30 + 30);
    // 12.3: equivariant, and not once the positional encoding is added (the chapter's section 4).
    CHECK(s.b3.equivariant);
    CHECK_FALSE(s.b3.encoded_equivariant);
    // 12.4: z = (−3, 1, 100, 5, −1).
    CHECK(v.book.b4.z == std::array<long, 5>{-3, 1, 100, 5, -1});
    CHECK(s.b4.top == 2);
    CHECK(s.b4.y[2] == 1.0);                        // y₃ rounds to 1 in float64
    CHECK(s.b4.one_minus_top_naive == 0.0);
    CHECK(s.b4.jacobian_naive[2][2] == 0.0);        // y₃(1 − y₃) as written: every digit cancelled
    // y₃(1 − y₃) = y₃ (y₁ + y₂ + y₄ + y₅) ≈ 5.6·10⁻⁴² (60-digit decimal: 5.637742e-42).
    CHECK(s.b4.jacobian[2][2] == doctest::Approx(5.637742e-42).epsilon(1e-6));
    CHECK(s.b4.y[0] == doctest::Approx(1.8521168e-45).epsilon(1e-6));
    CHECK(s.b4.y_float32[0] < 1.17549435e-38);      // below float32's normal range
    CHECK(s.b4.y_float32[0] == doctest::Approx(1.401298e-45).epsilon(1e-5));   // the smallest subnormal
    CHECK(s.b4.float32_subnormal_y == 4);
    CHECK(s.b4.float32_zero_entries == 13);
    CHECK(s.b4.float32_unshifted_nan);
    for (std::size_t i = 0; i < 5; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < 5; ++j) {
            CHECK(std::fabs(s.b4.jacobian[i][j]) < 1e-41);   // every derivative vanishes
            CHECK(s.b4.jacobian[i][j] != 0.0);
            row += s.b4.jacobian[i][j];
        }
        CHECK(std::fabs(row) < 1e-50);   // rows sum to 0 (Σ y = 1)
    }
    // 12.7 at N = 40, D = 48: 3D² + 2D(N + 1).
    CHECK(s.b7.total == 3 * 48 * 48 + 2 * 48 * 41);
    // 12.9: 16 × 16 patches, 512 channels: 2P²C and 2C²P.
    CHECK(s.b9.patches == 256);
    CHECK(s.b9.spatial == 2LL * 256 * 256 * 512);
    CHECK(s.b9.channel == 2LL * 512 * 512 * 256);
    CHECK(s.b9.ratio == 0.5);
}

TEST_CASE("book problems: the variant derivation is pinned (re-derived by tests/homework/book_keys.py)") {
    const BookParams p = derive_book_params("alice", "");
    const BookParams q = derive_book_params("alice", "0123456789abcdef0123456789abcdef");
    CHECK(p.b1.d != q.b1.d);   // the secret changes the numbers
    // The same ID gives the same numbers; another ID others.
    const BookParams again = derive_book_params("alice", "");
    CHECK(again.b4.z == p.b4.z);
    CHECK(derive_book_params("bob", "").b9.channels != p.b9.channels);
    // Ranges.
    for (int i = 0; i < 2000; ++i) {
        const BookParams r = derive_book_params("range-" + std::to_string(i), "");
        CHECK((r.b1.d >= 2 && r.b1.d <= 16384 && r.b1.n >= 2 && r.b1.n <= 4096));
        long top = 0, big = 0;
        for (std::size_t k = 0; k < 5; ++k) {
            if (r.b4.z[k] >= 60) { ++big; top = r.b4.z[k]; }
            else CHECK((r.b4.z[k] >= -10 && r.b4.z[k] <= 10));
        }
        CHECK(big == 1);
        CHECK(top <= 140);
        CHECK((r.b7.n >= 16 && r.b7.n <= 16383 && r.b7.d >= 8 && r.b7.d <= 8191));
        CHECK((r.b9.rows >= 2 && r.b9.rows <= 96 && r.b9.cols >= 2 && r.b9.cols <= 96));
        CHECK((r.b9.channels >= 16 && r.b9.channels <= 16383));
        CHECK(r.b3.perm != std::array<long, 5>{0, 1, 2, 3, 4});
    }
}

TEST_CASE("book problems: problem names on the command line and in sheets") {
    CHECK(parse_problem("12.4") == kBook12_4);
    CHECK(parse_problem("book12_4") == kBook12_4);
    CHECK(parse_problem("book-12.4") == kBook12_4);
    CHECK(parse_problem("2") == 2);
    CHECK_FALSE(parse_problem("12.2").has_value());
    CHECK_FALSE(parse_problem("4").has_value());
    CHECK(problem_table(kBook12_9) == "book12_9");
    CHECK(problem_table(3) == "hw3");
    CHECK(parse_problem("book") == kBookAll);
    CHECK(problem_selected(0, 2));
    CHECK_FALSE(problem_selected(0, kBook12_4));
    CHECK(problem_selected(kBookAll, kBook12_4));
    CHECK_FALSE(problem_selected(kBookAll, 1));
    CHECK(problem_selected(kBook12_9, kBook12_9));
    const int set = problem_set({1, kBook12_4});
    CHECK(problem_selected(set, 1));
    CHECK(problem_selected(set, kBook12_4));
    CHECK_FALSE(problem_selected(set, 2));
    CHECK_FALSE(problem_selected(set, kBook12_9));
    CHECK(problem_selected(problem_set({kBookAll}), kBook12_9));
    CHECK(in_unselected_problem(set, "hw2.a.kept_sum"));
    CHECK_FALSE(in_unselected_problem(set, "book12_4.a.y"));
    CHECK(is_problem_key("book12_1.a.params"));
    CHECK(in_unselected_problem(0, "book12_4.b.dy1"));
    CHECK_FALSE(in_unselected_problem(0, "hw1.a.wieghts"));   // a misspelt key stays unknown
    CHECK(in_unselected_problem(kBook12_4, "hw2.a.kept_sum"));
    CHECK_FALSE(in_unselected_problem(kBookAll, "book12_9.x"));
    CHECK_FALSE(is_problem_key("book12_2.a.params"));
}

TEST_CASE("book problems: fair by construction over many variants, every known mistake named") {
    const int n = variants_to_run();
    GradeOptions options;
    options.expression_seed = 23;
    options.problem = kBookAll;   // the book's five (0 would grade the chapter's three)
    std::size_t graded = 0, mistakes_checked = 0, hints_named = 0;
    std::map<std::string, int> honest_wrong, misnamed;
    for (int i = 0; i < n; ++i) {
        const Variant v = derive_variant("book-" + std::to_string(i));
        const BookSolutions s = solve_book(v.book);
        const AnswerKey key = book_key(v, s);
        const bool expressions = i % 50 == 0;
        const auto a = honest_answers(v.book, i);
        const GradeReport r = grade(key, parse_sheet(sheet_of(key, a, expressions), "book.toml"), options);
        REQUIRE(r.items.size() == key.items.size());   // every item graded, none skipped
        ++graded;
        for (const GradedItem& row : r.items) {
            if (row.verdict == Verdict::right) continue;
            if (!expressions && row.verdict == Verdict::missing && row.precision == "expression") continue;
            if (++honest_wrong[row.key] <= 3) {
                MESSAGE(fmt::format("variant book-{} method {}: {} = {} marked {} ({})", i, i % 5, row.key, a.at(row.key),
                                    verdict_name(row.verdict), row.hint));
            }
        }
        // Every 5th variant: each known mistake, one sheet per mistake slot; wrong, and named.
        if (i % 5 != 0) continue;
        for (std::size_t slot = 0; slot < 5; ++slot) {
            auto m_answers = a;
            std::map<std::string, std::string> expect_hint;
            for (const Item& item : key.items) {
                if (slot >= item.mistakes.size()) continue;
                const Mistake& m = item.mistakes[slot];
                if (item.kind == ItemKind::expression) {
                    if (!expressions) continue;
                    m_answers[item.key()] = "\"" + m.expression + "\"";
                } else {
                    m_answers[item.key()] = written(item, m.values);
                }
                expect_hint[item.key()] = m.hint;
            }
            if (expect_hint.empty()) continue;
            const GradeReport mr = grade(key, parse_sheet(sheet_of(key, m_answers, expressions), "mistakes.toml"), options);
            for (const GradedItem& row : mr.items) {
                const auto it = expect_hint.find(row.key);
                if (it == expect_hint.end()) continue;
                ++mistakes_checked;
                CHECK_MESSAGE(row.verdict == Verdict::wrong,
                              fmt::format("variant book-{}: the known mistake {} = {} was accepted", i, row.key, m_answers[row.key]));
                if (row.hint == it->second) ++hints_named;
                else if (++misnamed[row.key + " slot " + std::to_string(slot)] <= 2) {
                    MESSAGE(fmt::format("variant book-{}: {} = {} got \"{}\", not \"{}\"", i, row.key, m_answers[row.key], row.hint, it->second));
                }
            }
        }
    }
    for (const auto& [k, count] : honest_wrong) MESSAGE(fmt::format("{}: {} honest answers marked wrong", k, count));
    for (const auto& [k, count] : misnamed) MESSAGE(fmt::format("{}: {} mistakes named by another hint", k, count));
    CHECK(honest_wrong.empty());
    CHECK(misnamed.empty());
    MESSAGE(fmt::format("{} variants graded, {} known mistakes checked, {} named by their hint", graded, mistakes_checked, hints_named));
    CHECK(graded == static_cast<std::size_t>(n));
    CHECK(mistakes_checked > static_cast<std::size_t>(n));
}

TEST_CASE("book problems: 12.4's floating-point trap is in every variant") {
    for (int i = 0; i < 2000; ++i) {
        const BookSolutions s = solve_book(derive_book_params("trap-" + std::to_string(i), ""));
        const auto& b = s.b4;
        CHECK(b.y[b.top] == 1.0);
        CHECK(b.jacobian_naive[b.top][b.top] == 0.0);   // the naive product cancels
        CHECK(b.jacobian[b.top][b.top] > 0.0);          // the careful one does not
        CHECK(b.jacobian[b.top][b.top] == doctest::Approx(b.one_minus_top).epsilon(1e-12));
    }
}

TEST_CASE("book problems: hints teach without answering") {
    GradeOptions options;
    options.expression_seed = 9;
    options.problem = kBookAll;
    for (const char* id : {"", "alice", "book-1"}) {
        const Variant v = id[0] ? derive_variant(id) : chapter_variant();
        const AnswerKey key = book_key(v, solve_book(v.book));
        std::vector<std::string> texts;
        for (const Item& item : key.items) {
            texts.push_back(item.hint);
            for (const Mistake& m : item.mistakes) texts.push_back(m.hint);
        }
        for (const std::string& t : texts) {
            std::vector<std::string> pieces = {t};
            std::string piece;
            for (char ch : t + ",") {
                if (ch == ',' || ch == ';' || ch == ':' || ch == '=' || ch == '(' || ch == ')') {
                    if (piece.find_first_not_of(' ') != std::string::npos) pieces.push_back(piece);
                    piece.clear();
                } else {
                    piece += ch;
                }
            }
            for (const std::string& f : pieces) {
                std::string escaped;
                for (char ch : f) escaped += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
                std::string sheet;
                for (const Item& item : key.items) sheet += item.key() + " = \"" + escaped + "\"\n";
                const GradeReport r = grade(key, parse_sheet(sheet, "hints.toml"), options);
                REQUIRE(r.items.size() == key.items.size());
                for (const GradedItem& row : r.items) {
                    CHECK_MESSAGE(row.verdict != Verdict::right, row.key << " accepts the hint text \"" << f << "\"");
                }
            }
        }
    }
}

TEST_CASE("book problems: worked solutions in both languages carry the key's numbers") {
    const Variant v = chapter_variant();
    const BookSolutions s = solve_book(v.book);
    for (auto lang : {attn::render::Lang::zh_TW, attn::render::Lang::en}) {
        for (int p : kBookProblems) {
            const std::string text = book_solution_text(s, p, lang);
            CHECK(text.find(book_number(p)) != std::string::npos);
        }
        const std::string b4 = book_solution_text(s, kBook12_4, lang);
        CHECK(b4.find("5.64e-42") != std::string::npos);   // ∂y₃/∂z₃, carefully
        CHECK(b4.find("1.85e-45") != std::string::npos);   // y₁
        const std::string b9 = book_solution_text(s, kBook12_9, lang);
        CHECK(b9.find("67108864") != std::string::npos);
        CHECK(b9.find("134217728") != std::string::npos);
    }
}
