#include "homework/sheet/sheet_gate.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "errors.hpp"
#include "homework/io/encoding.hpp"
#include "text/utf8.hpp"

namespace attn::homework {

namespace {

class Gate {
  public:
    Gate(std::string_view text, const std::string& name, const std::string& flag)
        : text_(text), name_(name), flag_(flag) {}

    void run() {
        if (ahead("\xEF\xBB\xBF")) i_ = 3;   // a byte order mark (Windows editors write one)
        while (i_ < text_.size()) {
            const std::size_t len = text::decode(text_, i_).length;   // 0: ill-formed
            if (len == 0) {
                fail(fmt::format("not UTF-8 (byte 0x{:02X}); {}",
                                 static_cast<unsigned char>(text_[i_]), kSaveAsUtf8));
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
        if (state_ == State::normal) end_token();
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
        expect_segment_ = true;
        segment_closed_ = false;
        after_brace_ = false;
        check_depth();
    }

    // Characters of a bare key. toml++ 3.3.0 assumes (TOML_ASSERT_ASSUME: undefined behaviour in a
    // release build when false) that every key segment starts with one of these or a quote, so a
    // key like `[(a]`, `[]` or `a..b` must never reach it.
    static bool bare(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    // In a key or header: a bare character, or blank space between segments and dots.
    bool key_character(char c) {
        if (c == ' ' || c == '\t') {
            if (!expect_segment_) segment_closed_ = true;
            return true;
        }
        if (!bare(c)) return false;
        if (segment_closed_) fail(fmt::format("unexpected '{}' after a key segment (a '.' or '=' was expected)", c));
        expect_segment_ = false;
        after_brace_ = false;
        return true;
    }

    void segment_end() {
        if (expect_segment_) fail("a key segment is missing (before a '.', '=' or ']')");
        segment_closed_ = false;
    }

    static std::string shown(char c) {
        const auto b = static_cast<unsigned char>(c);
        return b > 0x20 && b < 0x7f ? fmt::format("'{}'", c) : fmt::format("byte 0x{:02X}", b);
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
                if (ahead("\"\"\"")) return close_multiline('"');
                return advance(1);
            case State::ml_literal:
                if (ahead("'''")) return close_multiline('\'');
                return advance(1);
            case State::normal: break;
        }
        // A bare value must end where TOML says values end. toml++ 3.3.0 reads on through anything
        // glued to it (`0"…`, `7{…`) as part of the value, and a non-ASCII character there reaches
        // TOML_UNREACHABLE in its whitespace table (found by fuzz_sheet).
        if (!token_.empty() && !value_token_character(c) && c != ' ' && c != '\t' && c != '\r' && c != '\n' &&
            c != ',' && c != ']' && c != '}' && c != '#') {
            fail("unexpected " + shown(c) + " right after a value");
        }
        if (!value_token_character(c)) end_token();
        // Inside a header or an inline table's key, toml++ 3.3.0 assumes a key segment follows
        // (found by fuzz_sheet: `[#…`); neither may hold a comment or a line break.
        if ((c == '#' || c == '\n') && (in_header_ || (in_key_ && !open_.empty()))) {
            fail(c == '#' ? "a comment inside a key or table header" : "a key or table header broken across lines");
        }
        if (c == '#') {
            state_ = State::comment;
            return advance(1);
        }
        if ((c == '"' || c == '\'') && (in_header_ || in_key_ || (line_start_ && open_.empty()))) {
            if (line_start_) {
                line_start_ = false;
                start_key();
            }
            if (!expect_segment_) fail("a quoted key must follow a '.' or start the key");
            // Not a key in TOML; toml++ 3.3.0 and this gate would disagree on where it ends (found by fuzz_sheet).
            if (ahead("\"\"\"") || ahead("'''")) fail("a multi-line string where a key belongs");
            expect_segment_ = false;
            segment_closed_ = true;
            after_brace_ = false;
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
            if (key_character(c)) return advance(1);
            if (c == '.') {
                segment_end();
                ++header_;
                check_depth();
                expect_segment_ = true;
            } else if (c == ']') {
                segment_end();
                in_header_ = false;
                key_segments_ = 0;
            } else {
                fail("unexpected " + shown(c) + " in a table header (bare keys use A-Z a-z 0-9 _ -; quote others)");
            }
            return advance(1);
        }
        if (line_start_ && open_.empty() && c == '[') {   // a table header: [a.b] or [[a.b]]
            in_header_ = true;
            line_start_ = false;
            in_key_ = false;
            header_ = 1;
            key_segments_ = 0;
            expect_segment_ = true;
            check_depth();
            return advance(ahead("[[") ? 2 : 1);
        }
        if (c != ' ' && c != '\t' && c != '\r' && line_start_) {
            line_start_ = false;
            if (open_.empty()) start_key();
        }
        if (in_key_) {
            if (key_character(c)) return advance(1);
            if (c == '}' && after_brace_) {   // an empty inline table: {}
                in_key_ = false;
                expect_segment_ = false;
            } else if (c == '.') {
                segment_end();
                ++key_segments_;
                check_depth();
                expect_segment_ = true;
                return advance(1);
            } else if (c == '=') {
                segment_end();
                in_key_ = false;
                return advance(1);
            } else {
                fail("unexpected " + shown(c) + " in a key (bare keys use A-Z a-z 0-9 _ -; quote others)");
            }
        }
        // A value.
        if (value_token_character(c)) {
            token_ += c;
            return advance(1);
        }
        end_token();
        // Nothing else can start or separate values; toml++ 3.3.0 would read on through it too.
        if (c != '[' && c != '{' && c != ']' && c != '}' && c != ',' && c != ' ' && c != '\t' && c != '\r' &&
            c != '=') {
            fail("unexpected " + shown(c) + " where a value belongs");
        }
        if (c == '[' || c == '{') {
            open_.push_back(c);
            key_segments_ = 0;
            check_depth();
            if (c == '{') {
                start_key();
                after_brace_ = true;
            }
        } else if ((c == ']' || c == '}') && !open_.empty()) {
            // toml++ 3.3.0 parses a '}' inside an array as a value it assumes is none (found by fuzz_sheet).
            if ((c == ']') != (open_.back() == '[')) {
                fail(fmt::format("a '{}' where the '{}' opened before it needs its '{}'", c, open_.back(),
                                 open_.back() == '[' ? ']' : '}'));
            }
            open_.pop_back();
            key_segments_ = 0;
        } else if (c == ',' && !open_.empty() && open_.back() == '{') {
            start_key();
        }
        advance(1);
    }

    // The end of a multi-line string: three quotes, and up to two more that TOML counts as content
    // (`""""` closes after one quote of content). Stopping at the first three would leave the
    // gate outside the string while toml++ is still in it (found by fuzz_sheet).
    void close_multiline(char quote) {
        std::size_t run = 0;
        while (i_ + run < text_.size() && text_[i_ + run] == quote) ++run;
        state_ = State::normal;
        advance(std::min<std::size_t>(run, 5));
    }

    // A backslash and the whole character it escapes (which may be multi-byte).
    // toml++ 3.3.0 asks its whitespace table about the character after a backslash, and, after a
    // line-ending backslash in a multi-line string, about the first character past the blank space:
    // a non-ASCII one there reaches TOML_UNREACHABLE (found by fuzz_sheet). Neither is a valid
    // TOML escape followed by text anyone needs, so both are refused.
    void escaped() {
        advance(1);
        if (i_ >= text_.size()) return;
        if (static_cast<unsigned char>(text_[i_]) >= 0x80) fail("a backslash before a non-ASCII character");
        // A backslash, blank space and then a non-ASCII character: toml++ takes the blank for a
        // line-ending backslash's and asks its whitespace table about the character (found by fuzz_sheet).
        std::size_t k = i_;
        while (k < text_.size() && (text_[k] == ' ' || text_[k] == '\t' || text_[k] == '\r' ||
                                    (state_ == State::ml_basic && text_[k] == '\n'))) {
            ++k;
        }
        if (k > i_ && k < text_.size() && static_cast<unsigned char>(text_[k]) >= 0x80) {
            advance(k - i_);
            fail("a non-ASCII character right after a backslash and blank space");
        }
        if (state_ == State::ml_basic) {
            std::size_t j = i_;
            while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t' || text_[j] == '\r')) ++j;
            if (j < text_.size() && text_[j] == '\n') {
                while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t' || text_[j] == '\r' || text_[j] == '\n')) ++j;
                advance(j - i_);
                if (i_ < text_.size() && static_cast<unsigned char>(text_[i_]) >= 0x80) {
                    fail("a non-ASCII character right after a line-ending backslash");
                }
                return;
            }
        }
        if (text_[i_] == '\n') end_of_line_in_string();
        advance(1);
    }

    void end_of_line_in_string() {
        if (state_ == State::basic) {
            state_ = State::normal;
            end_of_line();
        }
    }

    static bool value_token_character(char c) {
        return bare(c) || c == '+' || c == '.' || c == ':';
    }

    // A bare value (number, boolean, date, time) just ended. Dates and times are never answers,
    // and toml++ 3.3.0 assumes their shape (TOML_ASSERT_ASSUME in parse_time, found by fuzz_sheet),
    // so they are refused here: a token with ':' or starting like a date (4 digits and '-').
    void end_token() {
        if (token_.empty()) return;
        const bool date = token_.size() >= 5 && std::isdigit(static_cast<unsigned char>(token_[0])) &&
                          std::isdigit(static_cast<unsigned char>(token_[1])) &&
                          std::isdigit(static_cast<unsigned char>(token_[2])) &&
                          std::isdigit(static_cast<unsigned char>(token_[3])) && token_[4] == '-';
        if (date || token_.find(':') != std::string::npos) {
            fail("a date or time (" + token_.substr(0, 40) + "); answers are numbers, true/false or quoted text");
        }
        token_.clear();
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
    bool expect_segment_ = false;     // a key segment must come next (after '[', '.', a key's start)
    bool segment_closed_ = false;
    std::string token_;               // the bare value being read (a number, true, a date, …)     // a segment ended (a quote, or a blank after it): '.', '=', ']' next
    bool after_brace_ = false;        // just after '{': '}' may close an empty inline table
};

}  // namespace

void check_sheet_text(std::string_view text, const std::string& name, const std::string& flag) {
    Gate(text, name, flag).run();
}

}  // namespace attn::homework
