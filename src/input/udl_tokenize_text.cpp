#include "input/udl_tokenize_text.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "text/utf8.hpp"

namespace attn::input {
namespace {

constexpr std::string_view kPair = "Most frequent pair: ";
constexpr std::string_view kTokens = "Tokens: ";
constexpr std::string_view kNumber = "Number of tokens: ";
constexpr std::string_view kVocabulary = "Vocabulary: ";
constexpr std::string_view kSize = "Size of vocabulary: ";
constexpr std::string_view kDefaultdict = "defaultdict(<class 'int'>, ";

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// A cursor over one printed line; every failure names the line.
class Reader {
public:
    Reader(std::string_view s, std::size_t line) : s_(s), line_(line) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument("line " + std::to_string(line_) + ": " + what);
    }
    void spaces() {
        while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    }
    bool take(std::string_view t) {
        if (s_.substr(i_, t.size()) != t) return false;
        i_ += t.size();
        return true;
    }
    void expect(std::string_view t) {
        if (!take(t)) fail("expected '" + std::string(t) + "' at column " + std::to_string(i_ + 1));
    }
    bool at_end() const { return i_ == s_.size(); }

    // A Python str literal as repr() writes it.
    std::string str() {
        if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) fail("expected a quoted token at column " + std::to_string(i_ + 1));
        const char quote = s_[i_++];
        std::string out;
        while (true) {
            if (i_ >= s_.size()) fail("a quoted token is not closed");
            const char c = s_[i_++];
            if (c == quote) return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) fail("a quoted token is not closed");
            const char e = s_[i_++];
            switch (e) {
                case '\\': case '\'': case '"': out += e; break;
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'x': out += text::encode(hex(2)); break;
                case 'u': out += text::encode(hex(4)); break;
                case 'U': out += text::encode(hex(8)); break;
                default: fail(std::string("unknown escape \\") + e);
            }
        }
    }
    // 10^11 before the next digit; where a long has 32 bits (the WebAssembly build) the most that
    // one more digit cannot overflow, so a larger count is refused there, never wrapped.
    static constexpr long kMaxCountBeforeDigit =
        static_cast<long>(std::min<long long>(100000000000LL, std::numeric_limits<long>::max() / 10 - 9));
    long integer() {
        const std::size_t start = i_;
        long v = 0;
        while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
            if (v > kMaxCountBeforeDigit) fail("a count is too large");
            v = v * 10 + (s_[i_++] - '0');
        }
        if (i_ == start) fail("expected a count at column " + std::to_string(i_ + 1));
        return v;
    }

private:
    std::uint32_t hex(int digits) {
        std::uint32_t v = 0;
        for (int k = 0; k < digits; ++k, ++i_) {
            if (i_ >= s_.size()) fail("a \\x, \\u or \\U escape is cut short");
            const char c = s_[i_];
            const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) fail("a \\x, \\u or \\U escape is not hexadecimal");
            v = v * 16 + static_cast<std::uint32_t>(d);
        }
        if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) fail("an escape is not a character");
        return v;
    }

    std::string_view s_;
    std::size_t i_ = 0, line_;
};

// "{'a': 12, …}" or "defaultdict(<class 'int'>, {…})" after its label.
std::vector<PrintedCount> dict(std::string_view text, std::size_t line) {
    Reader r(text, line);
    const bool wrapped = r.take(kDefaultdict);
    r.expect("{");
    std::vector<PrintedCount> out;
    r.spaces();
    if (!r.take("}")) {
        while (true) {
            r.spaces();
            PrintedCount c;
            c.key = r.str();
            r.spaces();
            r.expect(":");
            r.spaces();
            c.count = r.integer();
            out.push_back(std::move(c));
            r.spaces();
            if (r.take("}")) break;
            r.expect(",");
        }
    }
    if (wrapped) r.expect(")");
    r.spaces();
    if (!r.at_end()) r.fail("unexpected text after the dict");
    return out;
}

std::pair<std::string, std::string> pair(std::string_view text, std::size_t line) {
    Reader r(text, line);
    r.expect("(");
    std::string a = r.str();
    r.expect(",");
    r.spaces();
    std::string b = r.str();
    r.expect(")");
    r.spaces();
    if (!r.at_end()) r.fail("unexpected text after the pair");
    return {std::move(a), std::move(b)};
}

long number(std::string_view text, std::size_t line) {
    Reader r(text, line);
    r.spaces();
    const long v = r.integer();
    r.spaces();
    if (!r.at_end()) r.fail("expected a count alone");
    return v;
}

}  // namespace

PrintedTokenize parse_printed_tokenize(const std::string& text) {
    std::vector<std::string_view> lines;
    std::string_view all(text);
    for (std::size_t start = 0; start <= all.size();) {
        std::size_t end = all.find('\n', start);
        if (end == std::string_view::npos) end = all.size();
        std::string_view l = all.substr(start, end - start);
        while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
        lines.push_back(l);
        start = end + 1;
    }
    std::size_t last = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (starts_with(lines[i], kTokens)) last = i;
    }
    PrintedTokenize out;
    if (last == lines.size())
        throw std::invalid_argument("needs the last 'Tokens: …' and 'Vocabulary: …' lines tokenize() prints "
                                    "(no 'Tokens: ' line found)");
    out.tokens = dict(lines[last].substr(kTokens.size()), last + 1);
    for (std::size_t i = last + 1; i < lines.size(); ++i) {
        const std::string_view l = lines[i];
        if (!out.number_of_tokens && starts_with(l, kNumber)) out.number_of_tokens = number(l.substr(kNumber.size()), i + 1);
        else if (!out.vocabulary && starts_with(l, kVocabulary)) out.vocabulary = dict(l.substr(kVocabulary.size()), i + 1);
        else if (!out.size_of_vocabulary && starts_with(l, kSize)) out.size_of_vocabulary = number(l.substr(kSize.size()), i + 1);
    }
    if (!out.vocabulary)
        throw std::invalid_argument("needs the 'Vocabulary: …' line tokenize() prints after the last 'Tokens: …' line");
    std::size_t first = last;
    while (first > 0 && starts_with(lines[first - 1], kPair)) --first;
    for (std::size_t i = first; i < last; ++i) out.pairs.push_back(pair(lines[i].substr(kPair.size()), i + 1));
    bool blank_before = true;
    for (std::size_t i = 0; i < first; ++i) blank_before = blank_before && lines[i].empty();
    out.pairs_cut = blank_before;
    return out;
}

}  // namespace attn::input
