#pragma once
// The answer key: one item per sheet key (names as ../shared/reference/homework/book-answers.toml),
// with the exact value from the solutions, the precision asked for, and what each known mistake
// would have produced. Plain data for the grader, --key, --template and the reports.
#include <cstddef>
#include <string>
#include <vector>

#include "homework/problems/precision.hpp"
#include "homework/key/bounds.hpp"
#include "homework/problems/problems.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

enum class ItemKind { integer, real, boolean, expression };

// A part worked from an earlier answer (issue 29, follow-through): this item's value is `of` the
// number at `element` of the student's own answer to `key`, when that answer was right or wrong by
// a named mistake; the report says "right from your <what>".
struct FollowThrough {
    std::string key;                  // "hw1.a.weights"
    std::size_t element = 0;          // 1: α₂
    double (*of)(double) = nullptr;   // α(1 − α)
    std::string what;                 // "alpha_2"
};

// A wrong answer that equals `values` / `boolean` / `expression` gets this hint.
struct Mistake {
    std::string hint;                 // names the mistake, e.g. "no 1/√Dq scaling: …"
    std::vector<double> values;
    bool boolean = false;
    std::string expression;
};

struct Item {
    int problem = 0;                  // 1, 2, 3
    std::string part;                 // "a", "b", "c", "d"
    std::string name;                 // "weights"
    ItemKind kind = ItemKind::real;
    std::size_t length = 0;           // 0: a scalar; otherwise an array of this many numbers
    Precision precision;
    std::vector<double> values;       // integer / real: the exact value(s)
    // Real items: what correct work from the printed numbers gives (key/bounds.hpp,
    // honest_work.hpp): the propagated bounds of every correct computation, judged vector-wise.
    CorrectWork correct;
    // Whole alternative results an item may still list (each whole, never mixed element by element).
    std::vector<std::vector<double>> honest;
    FollowThrough follows;            // a part worked from an earlier answer, or none
    bool boolean = false;
    std::string expression;           // a reference formula in D, N, H
    std::string solve_for;            // the quantity it asks for ("N"): "N > 2D" is read as "2D"
    std::string asks;                 // what the item asks for (English, one line)
    std::string hint;                 // shown for a wrong answer that matches no known mistake
    std::vector<Mistake> mistakes;
    // The same answer for every student, whatever the variant (a formula in D, N, H; 2(c)'s true;
    // 12.3's check; 12.4's conclusion): anyone's key earns it. `--key` and the class report say so,
    // and docs/homework.md's course file gives these keys few points (issue 43, point 6).
    bool shareable = false;

    std::string key() const { return problem_table(problem) + "." + part + "." + name; }
    std::string table() const { return problem_table(problem) + "." + part; }
};

struct AnswerKey {
    Variant variant;
    std::vector<Item> items;           // in the order of the chapter: 1(a)…3(d)
};

// problem 0: the chapter's three problems; 1, 2 or 3: that one only; a book problem's id
// (book_problems.hpp): that one; kBookAll: the book's five.
AnswerKey build_answer_key(const Solutions& solutions, int problem = 0);

// The expected answer at the asked precision, as sheet text: "[0.4458, 0.1084, 0.4458]",
// "0.0966", "true", "\"4*D^2\"" (valid TOML values).
std::string expected_text(const Item& item);
// "3 numbers, 4 decimal places" / "an integer, exact" / "true or false" / "an expression in D, N, H"
std::string shape_text(const Item& item);

}  // namespace attn::homework
