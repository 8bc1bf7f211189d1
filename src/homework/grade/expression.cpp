#include "homework/grade/expression.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include "host/host.hpp"
#include "text/utf8.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kMaxParentheses = 64;

// One code point of the answer at `i` and its length; an ill-formed byte is code point 0, one byte
// long (no character of the grammar: it is refused where it stands).
char32_t code_point(const std::string& s, std::size_t i, std::size_t& len) {
    const text::CodePoint c = text::decode(s, i);
    len = c.length ? c.length : 1;
    return c.value;
}

int superscript_digit(char32_t cp) {
    switch (cp) {
        case 0x2070: return 0;
        case 0x00B9: return 1;
        case 0x00B2: return 2;
        case 0x00B3: return 3;
        default: break;
    }
    return cp >= 0x2074 && cp <= 0x2079 ? static_cast<int>(cp - 0x2070) : -1;
}

class Evaluator {
  public:
    Evaluator() {
        // Only the three variables: no constants (_pi, _e) and no functions reach an answer, since
        // the spelling pass lets no other letter through.
        parser_.define_var("D", &d_);
        parser_.define_var("N", &n_);
        parser_.define_var("H", &h_);
    }
    // Throws host::MuParserError, std::invalid_argument.
    void set(const std::string& text) {
        parser_.set_expr(text);
        // Evaluates now, so that errors show before any point.
        if (parser_.num_results() != 1) throw std::invalid_argument("more than one expression");
    }
    double at(const ExpressionPoint& p) {
        d_ = p.d;
        n_ = p.n;
        h_ = p.h;
        return parser_.eval();
    }

  private:
    host::MuParser parser_;
    double d_ = 1, n_ = 1, h_ = 1;
};

bool close(double a, double b) {
    if (!std::isfinite(a) || !std::isfinite(b)) return false;
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)) + 1e-300;
}

}  // namespace

std::vector<ExpressionPoint> draw_expression_points(std::uint64_t seed, std::size_t count) {
    std::mt19937_64 gen(seed);
    std::uniform_real_distribution<double> log_size(std::log(0.5), std::log(20000.0));
    std::uniform_real_distribution<double> heads(1.0, 64.0);
    std::vector<ExpressionPoint> points;
    for (std::size_t i = 0; i < count; ++i) {
        const double d = std::exp(log_size(gen));
        const double n = std::exp(log_size(gen));
        points.push_back({d, n, heads(gen)});
    }
    return points;
}

std::uint64_t fresh_expression_seed() {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

Spelling expression_spelling(const std::string& given) {
    Spelling out;
    if (given.size() > kMaxExpressionBytes) {
        out.error = fmt::format("longer than {} characters", kMaxExpressionBytes);
        return out;
    }
    enum class Last { start, operand, op };   // operand: a number, a letter, ')' or a power
    Last last = Last::start;
    bool last_number = false;
    std::size_t depth = 0;
    std::size_t character = 0;
    auto emit = [&out](const std::string& text, std::size_t at) {
        out.text += text;
        out.origin.insert(out.origin.end(), text.size(), at);
    };
    auto fail = [&out](const std::string& what, std::size_t at) {
        out.error = fmt::format("{} at character {}", what, at);
        out.text.clear();
        out.origin.clear();
        return out;
    };
    std::size_t i = 0;
    while (i < given.size()) {
        std::size_t len = 1;
        const char32_t cp = code_point(given, i, len);
        ++character;
        const std::string shown = given.substr(i, len);
        if (cp == ' ' || cp == '\t') {
            i += len;
            continue;
        }
        const bool digit = cp >= '0' && cp <= '9';
        if (digit || (cp == '.' && i + 1 < given.size() && given[i + 1] >= '0' && given[i + 1] <= '9')) {
            if (last == Last::operand) {
                return last_number ? fail("two numbers in a row", character)
                                   : fail("a number after a letter or ')' (write D^2 or 2*D)", character);
            }
            std::size_t j = i;
            while (j < given.size() && std::isdigit(static_cast<unsigned char>(given[j]))) ++j;
            if (j < given.size() && given[j] == '.') {
                ++j;
                while (j < given.size() && std::isdigit(static_cast<unsigned char>(given[j]))) ++j;
            }
            if (j < given.size() && (given[j] == 'e' || given[j] == 'E')) {
                std::size_t k = j + 1;
                if (k < given.size() && (given[k] == '+' || given[k] == '-')) ++k;
                if (k < given.size() && std::isdigit(static_cast<unsigned char>(given[k]))) {
                    while (k < given.size() && std::isdigit(static_cast<unsigned char>(given[k]))) ++k;
                    j = k;
                }
            }
            emit(given.substr(i, j - i), character);
            character += j - i - 1;
            i = j;
            last = Last::operand;
            last_number = true;
            continue;
        }
        char letter = 0;
        if (cp == 'D' || cp == 'd') letter = 'D';
        if (cp == 'N' || cp == 'n') letter = 'N';
        if (cp == 'H' || cp == 'h') letter = 'H';
        if (letter || cp == '(') {
            if (last == Last::operand) emit("*", character);   // implicit product: 4D, 2(D+N), (D)(N)
            if (cp == '(' && ++depth > kMaxParentheses) return fail("parentheses nested too deep", character);
            emit(std::string(1, letter ? letter : '('), character);
            last = letter ? Last::operand : Last::op;
            last_number = false;
            i += len;
            continue;
        }
        if (superscript_digit(cp) >= 0) {
            if (last != Last::operand) return fail("a power (" + shown + ") after nothing to raise", character);
            std::string power = "^";
            const std::size_t first = character;
            while (i < given.size()) {
                const char32_t next = code_point(given, i, len);
                const int value = superscript_digit(next);
                if (value < 0) break;
                power += static_cast<char>('0' + value);
                i += len;
            }
            emit(power, first);
            character = first + power.size() - 2;   // one character per superscript digit
            last = Last::operand;
            last_number = false;
            continue;
        }
        std::string op;
        if (cp == '*' && i + 1 < given.size() && given[i + 1] == '*') {
            op = "^";
            len = 2;
        } else if (cp == '+' || cp == '-' || cp == '*' || cp == '/' || cp == '^') {
            op = std::string(1, static_cast<char>(cp));
        } else if (cp == 0x00D7 || cp == 0x00B7 || cp == 0x22C5) {
            op = "*";
        } else if (cp == 0x2212) {
            op = "-";
        } else if (cp == ')') {
            if (depth == 0) return fail("a ')' without its '('", character);
            --depth;
            emit(")", character);
            last = Last::operand;
            last_number = false;
            i += len;
            continue;
        }
        if (op.empty()) {
            if (cp == 0 || cp < 0x20 || cp == 0x7f) return fail("an unreadable character", character);
            return fail("unexpected '" + shown + "'", character);
        }
        emit(op, character);
        last = Last::op;
        last_number = false;
        i += len;
    }
    if (out.text.empty()) return fail("no expression", 1);
    out.ok = true;
    return out;
}

ExpressionCheck compare_expressions(const std::string& given, const std::string& reference,
                                    const std::vector<ExpressionPoint>& points) {
    ExpressionCheck check;
    const Spelling student_text = expression_spelling(given);
    if (!student_text.ok) {
        check.error = student_text.error;
        return check;
    }
    Evaluator student, key;
    try {
        student.set(student_text.text);
    } catch (const host::MuParserError& e) {
        const auto pos = static_cast<std::size_t>(e.position);
        const std::size_t at = student_text.origin.empty() ? 1
                               : pos < student_text.origin.size() ? student_text.origin[pos]
                                                                  : student_text.origin.back() + 1;
        // muParser counts bytes of its own spelling; say where in the student's text instead.
        std::string message = e.message;
        for (const char* tail : {" found at position", " at position"}) {
            const std::size_t cut = message.find(tail);
            if (cut != std::string::npos) message.erase(cut);
        }
        check.error = fmt::format("{} at character {}", message, at);
        return check;
    } catch (const std::invalid_argument& e) {
        check.error = e.what();
        return check;
    }
    key.set(expression_spelling(reference).text);
    check.parsed = true;
    check.equal = !points.empty();
    for (const ExpressionPoint& p : points) {
        try {
            if (!close(student.at(p), key.at(p))) check.equal = false;
        } catch (const host::MuParserError&) {   // e.g. a division by zero at a point
            check.equal = false;
        }
    }
    return check;
}

double evaluate_expression(const std::string& text, double d, double n, double h) {
    const Spelling spelling = expression_spelling(text);
    if (!spelling.ok) throw std::invalid_argument(spelling.error);
    try {
        Evaluator e;
        e.set(spelling.text);
        return e.at({d, n, h});
    } catch (const host::MuParserError& e) {
        throw std::invalid_argument(e.message);
    }
}

}  // namespace attn::homework
