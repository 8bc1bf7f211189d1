// Notebook 12.4's --diagnose (udl_decoding_diagnose.hpp).
#include "experiments/udl_decoding_diagnose.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "errors.hpp"
#include "text/utf8.hpp"

namespace attn::experiments {
namespace {

// A print: the lines, then the exception the notebook raised (if it did) as one more entry.
struct Print {
    std::vector<std::string> lines;
    std::string raised;   // "" none
};

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }
bool ends_with(const std::string& s, const std::string& p) {
    return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

// "ValueError: …", the last line of a Python traceback: a name ending in Error, ": ", a message.
bool exception_line(const std::string& s) {
    const std::size_t colon = s.find(": ");
    if (colon == std::string::npos || colon < 6 || !ends_with(s.substr(0, colon), "Error")) return false;
    if (!(s[0] >= 'A' && s[0] <= 'Z')) return false;
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

// Where a traceback begins: Python's header, Jupyter's rule of dashes or its "XError   Traceback
// (most recent call last)" line.
bool traceback_start(const std::string& s) {
    if (starts_with(s, "Traceback (most recent call last)")) return true;
    if (ends_with(s, "Traceback (most recent call last)")) return true;
    return s.size() >= 10 && s.find_first_not_of('-') == std::string::npos;
}

// The student's text: lines without "\r", blank lines at either end dropped; a last line naming
// the exception (Python's, or attn's or udl124.py's "cell N: the notebook raises X; Run all stops
// here" on standard error) is the raise, and a traceback before it is dropped.
Print read_print(const std::string& text) {
    if (!text::is_valid(text)) throw UsageError("--diagnose", "the print is not UTF-8 text");
    Print p;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(at, end - at);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        p.lines.push_back(std::move(line));
        at = end + 1;
    }
    while (!p.lines.empty() && p.lines.back().empty()) p.lines.pop_back();
    std::size_t first = 0;
    while (first < p.lines.size() && p.lines[first].empty()) ++first;
    p.lines.erase(p.lines.begin(), p.lines.begin() + static_cast<long>(first));
    if (p.lines.empty()) return p;
    const std::string& last = p.lines.back();
    const std::string raises = ": the notebook raises ", stops = "; Run all stops here";
    const std::size_t r = last.find(raises);
    if ((starts_with(last, "attn: cell ") || starts_with(last, "udl124.py: cell ")) && r != std::string::npos &&
        ends_with(last, stops)) {
        p.raised = last.substr(r + raises.size(), last.size() - r - raises.size() - stops.size());
        p.lines.pop_back();
    } else if (exception_line(last)) {
        p.raised = last;
        p.lines.pop_back();
        for (std::size_t i = 0; i < p.lines.size(); ++i)
            if (traceback_start(p.lines[i])) {
                p.lines.resize(i);
                break;
            }
    }
    while (!p.lines.empty() && p.lines.back().empty()) p.lines.pop_back();
    return p;
}

// "Beam %d, Prob %3.3f: text" -> the parts around the number, and the number.
bool beam_line(const std::string& s, std::string& head, double& prob, std::string& tail) {
    if (!starts_with(s, "Beam ")) return false;
    const std::size_t p = s.find(", Prob ");
    if (p == std::string::npos) return false;
    const std::size_t num = p + 7, colon = s.find(": ", num);
    if (colon == std::string::npos || colon == num) return false;
    const std::string n = s.substr(num, colon - num);
    if (n.find_first_not_of("-0123456789.") != std::string::npos) return false;
    char* end = nullptr;
    prob = std::strtod(n.c_str(), &end);
    if (end != n.c_str() + n.size()) return false;
    head = s.substr(0, num);
    tail = s.substr(colon);
    return true;
}

// The same line: byte for byte, but a beam's "Prob %3.3f" within 0.001 (one unit of float32
// rounding in the last place: docs/udl.md).
bool same_line(const std::string& a, const std::string& b) {
    if (a == b) return true;
    std::string ha, ta, hb, tb;
    double pa = 0, pb = 0;
    return beam_line(a, ha, pa, ta) && beam_line(b, hb, pb, tb) && ha == hb && ta == tb && std::fabs(pa - pb) <= 0.0011;
}

struct Candidate {
    std::size_t decoder;               // into decoders()
    DecodingMistake mistake;
    results::UdlDecodingReport run;
    Print print;
    bool usable = true;                // false: the options refuse this mistake (topk-k with k = V)
};

// Lines `yours` at offset s of `want`: how many agree, in a row from the first.
std::size_t agreeing(const std::vector<std::string>& yours, const std::vector<std::string>& want, std::size_t s) {
    std::size_t m = 0;
    while (m < yours.size() && s + m < want.size() && same_line(yours[m], want[s + m])) ++m;
    return m;
}

// Where the student's print fits in a candidate's, if it does: an offset where every line agrees
// (with a raise, the lines must be the candidate's last and the exception the same).
std::optional<std::size_t> fit(const Print& yours, const Print& c) {
    const std::size_t n = yours.lines.size(), total = c.lines.size();
    if (n > total) return std::nullopt;
    if (!yours.raised.empty()) {
        if (yours.raised != c.raised) return std::nullopt;
        if (agreeing(yours.lines, c.lines, total - n) == n) return total - n;
        return std::nullopt;
    }
    for (std::size_t s = 0; s + n <= total; ++s)
        if (agreeing(yours.lines, c.lines, s) == n) return s;
    return std::nullopt;
}

bool same_print(const Print& a, const Print& b) {
    if (a.lines.size() != b.lines.size() || a.raised != b.raised) return false;
    for (std::size_t i = 0; i < a.lines.size(); ++i)
        if (!same_line(a.lines[i], b.lines[i])) return false;
    return true;
}

std::string cells_text(const std::vector<long>& cells) {
    std::string s;
    for (long c : cells) s += (s.empty() ? "" : ", ") + std::to_string(c);
    return s;
}

std::size_t common_prefix(const std::string& a, const std::string& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return i;
}

}  // namespace

const std::vector<DecoderCells>& decoders() {
    using M = DecodingMistake;
    static const std::vector<DecoderCells> d = {
        {"sampling", {10, 11}, {M::sample_greedy}},
        {"greedy", {14, 15}, {M::greedy_sample}},
        {"top-k", {18, 19}, {M::topk_k, M::topk_ascending, M::topk_no_renorm}},
        {"nucleus", {22, 23}, {M::nucleus_off_by_one, M::nucleus_minus_one, M::nucleus_ascending}},
        {"k-th", {26}, {}},
        {"beam search", {28}, {M::beam_without_quirk}},
    };
    return d;
}

results::UdlDecodingDiagnosis diagnose_decoding(const DecodingOptions& options, const std::string& printed) {
    if (options.mistake != DecodingMistake::none)
        throw UsageError("--diagnose", "does not go with --mistake (it tries every mistake)");
    validate(options);
    // The decoders asked about: those of --cell/--cells, or all.
    std::vector<std::size_t> asked;
    for (long c : options.cells)
        if (c == 7) throw UsageError("--cell", "cell 7 prints the vocabulary, not a decoder's lines; --diagnose reads cells 10-28");
    for (std::size_t i = 0; i < decoders().size(); ++i) {
        const std::vector<long>& cells = decoders()[i].cells;
        const bool given = options.cells.empty() || std::any_of(options.cells.begin(), options.cells.end(), [&](long c) {
                               return std::find(cells.begin(), cells.end(), c) != cells.end();
                           });
        if (given) asked.push_back(i);
    }
    const Print yours = read_print(printed);
    if (yours.lines.empty() && yours.raised.empty())
        throw UsageError("--diagnose", "no printed line; give the lines a decoder printed (cells 10-28)");

    // The candidates, the right decoders first, then the mistakes in --help's order.
    std::vector<Candidate> candidates;
    for (std::size_t i : asked) candidates.push_back({i, DecodingMistake::none, {}, {}});
    for (const std::string& name : decoding_mistake_names()) {
        const DecodingMistake m = parse_decoding_mistake(name);
        for (std::size_t i : asked) {
            const auto& ms = decoders()[i].mistakes;
            if (std::find(ms.begin(), ms.end(), m) != ms.end()) candidates.push_back({i, m, {}, {}});
        }
    }
    std::vector<DecoderRun> runs;
    for (const Candidate& c : candidates) runs.push_back({c.mistake, decoders()[c.decoder].cells});
    DecodingOptions base = options;
    base.cells.clear();
    std::vector<results::UdlDecodingReport> reports = run_udl_decoders(base, runs);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        Candidate& c = candidates[i];
        c.run = std::move(reports[i]);
        c.usable = c.run.raised_cell >= 0;
        c.print.lines = c.run.lines;
        if (c.run.raised_cell > 0 || c.run.raised_at_prompt)   // a KeyError as Python shows an ordinary key
            c.print.raised = c.run.raised_key ? "KeyError: '" + *c.run.raised_key + "'" : c.run.raised;
    }

    results::UdlDecodingDiagnosis d;
    d.lines = yours.lines.size();
    d.raised = yours.raised;
    for (const Candidate& c : candidates)
        if (c.mistake != DecodingMistake::none) d.mistakes.push_back(decoding_mistake_name(c.mistake));
    auto right_of = [&](std::size_t decoder) -> const Candidate& {
        for (const Candidate& c : candidates)
            if (c.decoder == decoder && c.mistake == DecodingMistake::none) return c;
        return candidates.front();   // not reached: every asked decoder has its right run
    };
    auto name = [](const Candidate& c) {
        return c.mistake == DecodingMistake::none ? "the right " + std::string(decoders()[c.decoder].name) +
                                                        " (cells " + cells_text(decoders()[c.decoder].cells) + ")"
                                                  : decoding_mistake_name(c.mistake);
    };

    const Candidate* verdict = nullptr;
    std::size_t offset = 0;
    for (const Candidate& c : candidates) {
        if (!c.usable) continue;
        const std::optional<std::size_t> at = fit(yours, c.print);
        if (!at) continue;
        if (!verdict) {
            verdict = &c;
            offset = *at;
        } else if (same_print(verdict->print, c.print)) {
            d.also.push_back({c.mistake == DecodingMistake::none ? std::string("right") : decoding_mistake_name(c.mistake),
                              decoders()[c.decoder].name,
                              std::vector<int>(decoders()[c.decoder].cells.begin(), decoders()[c.decoder].cells.end())});
        } else {
            // A guess is not a verdict: the lines fit two decoders that print differently.
            throw UsageError("--diagnose", "the " + std::to_string(yours.lines.size()) + " lines given fit both " +
                                               name(*verdict) + " and " + name(c) +
                                               ", which print differently; give more of the lines (a whole cell)" +
                                               (options.cells.empty() ? " or say which cells with --cells" : ""));
        }
    }

    // The right print to compare with, and where the student's lines sit in it.
    const Candidate* right = nullptr;
    if (verdict) {
        d.match = verdict->mistake == DecodingMistake::none ? "right" : decoding_mistake_name(verdict->mistake);
        d.explanation = decoding_mistake_explanation(verdict->mistake);
        right = &right_of(verdict->decoder);
    } else {
        // No fit: the right print the lines come nearest (most lines agreeing in a row from the
        // first, then the longest common start of the first line that differs).
        std::pair<std::size_t, std::size_t> best{0, 0};
        for (const Candidate& c : candidates) {
            if (c.mistake != DecodingMistake::none) continue;
            const std::size_t total = c.print.lines.size();
            for (std::size_t s = 0; s <= total; ++s) {
                const std::size_t m = agreeing(yours.lines, c.print.lines, s);
                const std::size_t chars = m < yours.lines.size() && s + m < total
                                              ? common_prefix(yours.lines[m], c.print.lines[s + m]) : 0;
                if (!right || std::make_pair(m, chars) > best) {
                    best = {m, chars};
                    right = &c;
                    offset = s;
                }
            }
        }
    }
    d.decoder = decoders()[(verdict ? verdict : right)->decoder].name;
    for (long c : decoders()[(verdict ? verdict : right)->decoder].cells) d.cells.push_back(static_cast<int>(c));
    if (verdict && verdict->mistake == DecodingMistake::none) return d;

    // The first line (or raise) that differs from the right print, at the same place.
    std::vector<std::string> want(right->print.lines.begin() + static_cast<long>(std::min(offset, right->print.lines.size())),
                                  right->print.lines.end());
    std::size_t i = 0;
    while (i < yours.lines.size() && i < want.size() && same_line(yours.lines[i], want[i])) ++i;
    const std::size_t at = offset + i;   // in the right print
    d.has_yours = i < yours.lines.size() || !yours.raised.empty();
    d.yours_raises = i >= yours.lines.size() && !yours.raised.empty();
    if (d.has_yours) d.yours = d.yours_raises ? yours.raised : yours.lines[i];
    d.has_right = i < want.size() || !right->print.raised.empty();
    d.right_raises = i >= want.size() && !right->print.raised.empty();
    if (d.has_right) d.right = d.right_raises ? right->print.raised : want[i];
    if (d.yours_raises && d.right_raises && d.yours == d.right) return d;   // no difference found
    d.differs = d.has_yours || d.has_right;
    // Which cell prints line `at` of the right print, and which of its lines it is.
    std::size_t before = 0;
    d.cell = right->run.cells.empty() ? static_cast<int>(decoders()[right->decoder].cells.front()) : right->run.cells.front().cell;
    d.line = at + 1;
    for (const results::UdlDecodingCell& c : right->run.cells) {
        d.cell = c.cell;
        d.line = at - before + 1;
        if (at < before + c.lines.size()) break;
        before += c.lines.size();
    }
    return d;
}

}  // namespace attn::experiments
