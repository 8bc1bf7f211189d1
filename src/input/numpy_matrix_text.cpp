// A small reader for NumPy's printed 2-d arrays. Grammar (whitespace anywhere between tokens):
//   input  := [ "array(" ] matrix [ ")" ]
//   matrix := "[" row { [","] (row | "...") } "]"        ("..." once: skipped middle rows)
//   row    := "[" item { [","] item } "]"
//   item   := number | "..."                             ("..." once, at the same place per row)
//   number := NumPy's float text: -?digits[.digits][e±digits] | nan | inf | -inf
#include "input/numpy_matrix_text.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace attn::input {
namespace {

[[noreturn]] void fail(const std::string& why) { throw std::invalid_argument(why); }

// Up to 20 bytes of `s`, quoted for a message: cut where a UTF-8 character starts (never inside
// one: backing off over continuation bytes 10xxxxxx keeps the message valid UTF-8), and a NUL
// written \x00, since the message becomes a C string (what()) that a NUL would end; the CLI
// escapes the other control characters itself.
std::string shown(const std::string& s) {
    std::size_t cut = s.size();
    if (cut > 20) {
        cut = 20;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    }
    std::string out = "'";
    for (std::size_t i = 0; i < cut; ++i) out += s[i] == '\0' ? std::string("\\x00") : std::string(1, s[i]);
    return out + (cut < s.size() ? "…'" : "'");
}

// -?d+(.d*)?([eE][+-]?d+)? ; returns false for anything else.
bool read_number(const std::string& t, PrintedNumber& out) {
    out.text = t;
    std::size_t i = 0;
    const bool negative = i < t.size() && t[i] == '-';
    if (negative) ++i;
    const std::string body = t.substr(i);
    if (body == "nan" || body == "inf") {
        const double inf = std::numeric_limits<double>::infinity();
        out.value = body == "nan" ? std::numeric_limits<double>::quiet_NaN() : (negative ? -inf : inf);
        out.last_digit = 0;
        return !(negative && body == "nan");
    }
    const std::size_t int_start = i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i == int_start) return false;
    int frac = 0;
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i, ++frac;
    }
    long exponent = 0;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        const std::size_t sign = i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        const std::size_t digits = i;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
        if (i == digits || i - digits > 4) return false;
        exponent = std::strtol(t.c_str() + sign, nullptr, 10);
        out.scientific = true;
    }
    if (i != t.size()) return false;
    errno = 0;
    out.value = std::strtod(t.c_str(), nullptr);
    if (errno == ERANGE && std::isinf(out.value)) return false;
    out.exponent = static_cast<int>(exponent);
    out.last_digit = out.exponent - frac;
    return true;
}

class Reader {
public:
    explicit Reader(const std::string& s) : s_(s) {}

    void skip_space() {
        while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_]))) ++at_;
    }
    bool eat(char c) {
        skip_space();
        if (at_ < s_.size() && s_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }
    bool eat_word(const std::string& w) {
        skip_space();
        if (s_.compare(at_, w.size(), w) == 0) {
            at_ += w.size();
            return true;
        }
        return false;
    }
    bool done() {
        skip_space();
        return at_ == s_.size();
    }
    char peek() {
        skip_space();
        return at_ < s_.size() ? s_[at_] : '\0';
    }
    // The next token up to whitespace, ',', '[' or ']'.
    std::string token() {
        skip_space();
        const std::size_t start = at_;
        while (at_ < s_.size() && !std::isspace(static_cast<unsigned char>(s_[at_])) &&
               s_[at_] != ',' && s_[at_] != '[' && s_[at_] != ']' && s_[at_] != ')')
            ++at_;
        return s_.substr(start, at_ - start);
    }
    std::string rest() {
        skip_space();
        return s_.substr(at_, s_.find('\n', at_) == std::string::npos ? std::string::npos
                                                                      : s_.find('\n', at_) - at_);
    }

private:
    const std::string& s_;
    std::size_t at_ = 0;
};

}  // namespace

PrintedMatrix parse_printed_matrix(const std::string& text) {
    Reader r(text);
    if (r.done()) fail("no matrix in the input (it is empty)");
    const bool wrapped = r.eat_word("array(");
    if (!r.eat('['))
        fail("expected a printed matrix starting with '[[' (got " + shown(r.rest()) + ")");
    if (r.peek() != '[') fail("not a 2-d matrix: it has one '[' level, a matrix has two");
    PrintedMatrix m;
    while (true) {
        if (r.eat_word("...")) {   // skipped middle rows
            if (m.row_gap || m.rows == 0) fail("'...' in place of a row may appear once, after a row");
            m.row_gap = m.rows;
            r.eat(',');
            if (r.peek() == ']') fail("'...' in place of a row cannot be the last row");
            continue;
        }
        if (!r.eat('[')) fail("expected '[' to open row " + std::to_string(m.rows + 1) +
                              " (got " + shown(r.rest()) + ")");
        if (r.peek() == '[') fail("not a 2-d matrix: it has more than two '[' levels");
        std::size_t count = 0;
        std::optional<std::size_t> gap;
        while (!r.eat(']')) {
            const std::string t = r.token();
            const std::string where = "row " + std::to_string(m.rows + 1);
            if (t.empty()) fail(where + " is not closed by ']' (got " + shown(r.rest()) + ")");
            if (t == "...") {
                if (gap || count == 0) fail(where + ": '...' may appear once, after a number");
                gap = count;
            } else {
                PrintedNumber number;
                if (!read_number(t, number)) fail(where + ": " + shown(t) + " is not a number");
                m.elements.push_back(number);
                ++count;
            }
            r.eat(',');
        }
        ++m.rows;
        const std::string where = "row " + std::to_string(m.rows);
        if (count == 0) fail(where + " is empty");
        if (m.rows == 1) {
            m.cols = count;
            m.col_gap = gap;
        } else if (count != m.cols) {
            fail(where + " has " + std::to_string(count) + " numbers but row 1 has " +
                 std::to_string(m.cols));
        } else if (gap != m.col_gap) {
            fail(where + " has its '...' in another place than row 1");
        }
        r.eat(',');
        if (r.eat(']')) break;
        if (r.done()) fail("the matrix is not closed by ']'");
    }
    if (wrapped && !r.eat(')')) fail("'array(' is not closed by ')'");
    if (!r.done()) fail("unexpected text after the matrix: " + shown(r.rest()));
    return m;
}

}  // namespace attn::input
