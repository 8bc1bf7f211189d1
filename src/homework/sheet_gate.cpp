#include "homework/sheet_gate.hpp"

#include <vector>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace attn::homework {

namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 when it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t len = 0;
    unsigned int cp = 0;
    if (c < 0x80) return 1;
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1Fu; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0Fu; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07u; }
    else return 0;
    if (i + len > text.size()) return 0;
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if ((b & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b & 0x3Fu);
    }
    const bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (overlong || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
    return len;
}

class Gate {
  public:
    Gate(std::string_view text, const std::string& name, const std::string& flag)
        : text_(text), name_(name), flag_(flag) {}

    void run() {
        while (i_ < text_.size()) {
            const std::size_t len = utf8_length(text_, i_);
            if (len == 0) {
                fail(fmt::format("not UTF-8 (byte 0x{:02X}); save the sheet as UTF-8",
                                 static_cast<unsigned char>(text_[i_])));
            }
            if (len > 1) {
                if (state_ == State::normal) {
                    fail("a non-ASCII character outside a string or comment (TOML allows it only there)");
                }
                advance(len);
                continue;
            }
            step(text_[i_]);
        }
    }

  private:
    enum class State { normal, comment, basic, literal, ml_basic, ml_literal };

    [[noreturn]] void fail(const std::string& what) const {
        throw UsageError(flag_, fmt::format("{}:{}:{}: {}", name_, line_, column_, what));
    }

    bool ahead(std::string_view s) const { return text_.substr(i_, s.size()) == s; }

    void advance(std::size_t bytes) {
        for (std::size_t k = 0; k < bytes && i_ < text_.size(); ++k) {
            if (text_[i_] == '\n') {
                ++line_;
                column_ = 1;
            } else if ((static_cast<unsigned char>(text_[i_]) & 0xC0) != 0x80) {
                ++column_;
            }
            ++i_;
        }
    }

    void check_depth() {
        const std::size_t depth = header_ + open_.size() + key_segments_;
        if (depth > kMaxSheetDepth) {
            fail(fmt::format("nested {} levels deep (tables, arrays, inline tables and dotted keys); "
                             "the limit is {}", depth, kMaxSheetDepth));
        }
    }

    void start_key() {
        in_key_ = true;
        key_segments_ = 1;
        check_depth();
    }

    void step(char c) {
        switch (state_) {
            case State::comment:
                if (c == '\n') state_ = State::normal, end_of_line();
                advance(1);
                return;
            case State::basic:
                if (c == '\\') return escaped();
                if (c == '"' || c == '\n') state_ = State::normal;
                if (c == '\n') end_of_line();
                return advance(1);
            case State::literal:
                if (c == '\'' || c == '\n') state_ = State::normal;
                if (c == '\n') end_of_line();
                return advance(1);
            case State::ml_basic:
                if (c == '\\') return escaped();
                if (ahead("\"\"\"")) {
                    state_ = State::normal;
                    return advance(3);
                }
                return advance(1);
            case State::ml_literal:
                if (ahead("'''")) {
                    state_ = State::normal;
                    return advance(3);
                }
                return advance(1);
            case State::normal: break;
        }
        if (c == '#') {
            state_ = State::comment;
            return advance(1);
        }
        if (c == '"') {
            state_ = ahead("\"\"\"") ? State::ml_basic : State::basic;
            return advance(state_ == State::ml_basic ? 3 : 1);
        }
        if (c == '\'') {
            state_ = ahead("'''") ? State::ml_literal : State::literal;
            return advance(state_ == State::ml_literal ? 3 : 1);
        }
        if (c == '\n') {
            end_of_line();
            return advance(1);
        }
        if (in_header_) {
            if (c == '.') {
                ++header_;
                check_depth();
            } else if (c == ']') {
                in_header_ = false;
                key_segments_ = 0;
            }
            return advance(1);
        }
        if (line_start_ && open_.empty() && c == '[') {   // a table header: [a.b] or [[a.b]]
            in_header_ = true;
            line_start_ = false;
            in_key_ = false;
            header_ = 1;
            key_segments_ = 0;
            check_depth();
            return advance(ahead("[[") ? 2 : 1);
        }
        if (c != ' ' && c != '\t' && c != '\r' && line_start_) {
            line_start_ = false;
            if (open_.empty()) start_key();
        }
        if (in_key_) {
            if (c == '.') {
                ++key_segments_;
                check_depth();
            } else if (c == '=') {
                in_key_ = false;
            }
            return advance(1);
        }
        // A value.
        if (c == '[' || c == '{') {
            open_.push_back(c);
            key_segments_ = 0;
            check_depth();
            if (c == '{') start_key();
        } else if ((c == ']' || c == '}') && !open_.empty()) {
            open_.pop_back();
            key_segments_ = 0;
        } else if (c == ',' && !open_.empty() && open_.back() == '{') {
            start_key();
        }
        advance(1);
    }

    // A backslash and the whole character it escapes (which may be multi-byte).
    void escaped() {
        advance(1);
        if (i_ >= text_.size()) return;
        const std::size_t len = utf8_length(text_, i_);
        if (len == 0) fail("not UTF-8 after a backslash; save the sheet as UTF-8");
        if (text_[i_] == '\n') end_of_line_in_string();
        advance(len);
    }

    void end_of_line_in_string() {
        if (state_ == State::basic) {
            state_ = State::normal;
            end_of_line();
        }
    }

    void end_of_line() {
        if (open_.empty()) {
            line_start_ = true;
            in_key_ = false;
            in_header_ = false;
            key_segments_ = 0;
        }
    }

    std::string_view text_;
    const std::string& name_;
    const std::string& flag_;
    std::size_t i_ = 0, line_ = 1, column_ = 1;
    State state_ = State::normal;
    std::vector<char> open_;          // open arrays '[' and inline tables '{' of the current value
    std::size_t header_ = 0;          // segments of the last [table] header
    std::size_t key_segments_ = 0;    // segments of the key being read
    bool line_start_ = true, in_key_ = false, in_header_ = false;
};

}  // namespace

void check_sheet_text(std::string_view text, const std::string& name, const std::string& flag) {
    Gate(text, name, flag).run();
}

}  // namespace attn::homework
