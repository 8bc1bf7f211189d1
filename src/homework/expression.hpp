#pragma once
// Expression answers in D, N, H (`4*D^2`, `4*D^2*N + 2*N^2*D`, `2*D`), read with muParser
// (Debian's libmuparser-dev) and compared with the reference formula at several fixed random
// points: equal when every point agrees to a relative 1e-9.
#include <string>

namespace attn::homework {

struct ExpressionCheck {
    bool parsed = false;      // false: `error` says why ("Unexpected variable "D" at position 1")
    bool equal = false;       // equal to the reference at every point
    std::string error;
};

// `given` is the student's text; `reference` is the key's formula (always parses).
// Variables: D, N, H (and d, n, h as the same); `^` is power. Texts over 1000 bytes are refused.
ExpressionCheck compare_expressions(const std::string& given, const std::string& reference);

// Evaluates `text` at D, N, H; throws std::invalid_argument with muParser's message.
double evaluate_expression(const std::string& text, double d, double n, double h);

}  // namespace attn::homework
