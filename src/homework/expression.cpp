#include "homework/expression.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <muParser.h>

namespace attn::homework {

namespace {

constexpr std::size_t kMaxExpressionBytes = 1000;

// Points where the formulas are compared: D, N, H spread over the sizes the chapter uses and well
// beyond, none of them special (no 0, 1, or D = N), fixed so that grading is reproducible.
struct Point {
    double d, n, h;
};
constexpr Point kPoints[] = {
    {48.0, 10.0, 2.0}, {7.25, 131.5, 3.0}, {513.0, 3.75, 8.0}, {19.5, 19.0, 1.5}, {2.125, 997.0, 6.0},
    {96.5, 40.25, 12.0},
};

class Evaluator {
  public:
    Evaluator() {
        for (const char* name : {"D", "d"}) parser_.DefineVar(name, &d_);
        for (const char* name : {"N", "n"}) parser_.DefineVar(name, &n_);
        for (const char* name : {"H", "h"}) parser_.DefineVar(name, &h_);
    }
    // Throws mu::ParserError.
    void set(const std::string& text) {
        parser_.SetExpr(text);
        parser_.Eval();                        // parses now, so that errors show before any point
        if (parser_.GetNumResults() != 1) throw std::invalid_argument("more than one expression (a comma?)");
    }
    double at(const Point& p) {
        d_ = p.d;
        n_ = p.n;
        h_ = p.h;
        return parser_.Eval();
    }

  private:
    mu::Parser parser_;
    double d_ = 1, n_ = 1, h_ = 1;
};

bool close(double a, double b) {
    if (!std::isfinite(a) || !std::isfinite(b)) return false;
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)) + 1e-12;
}

}  // namespace

ExpressionCheck compare_expressions(const std::string& given, const std::string& reference) {
    ExpressionCheck check;
    if (given.size() > kMaxExpressionBytes) {
        check.error = "longer than 1000 characters";
        return check;
    }
    Evaluator student, key;
    try {
        student.set(given);
    } catch (const mu::Parser::exception_type& e) {
        check.error = e.GetMsg();
        return check;
    } catch (const std::invalid_argument& e) {
        check.error = e.what();
        return check;
    }
    key.set(reference);
    check.parsed = true;
    check.equal = true;
    for (const Point& p : kPoints) {
        try {
            check.equal = check.equal && close(student.at(p), key.at(p));
        } catch (const mu::Parser::exception_type& e) {   // e.g. a division by zero at a point
            check.equal = false;
        }
    }
    return check;
}

double evaluate_expression(const std::string& text, double d, double n, double h) {
    try {
        Evaluator e;
        e.set(text);
        return e.at({d, n, h});
    } catch (const mu::Parser::exception_type& e) {
        throw std::invalid_argument(e.GetMsg());
    }
}

}  // namespace attn::homework
