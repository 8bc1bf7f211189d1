#include "cli/usage.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "text/utf8.hpp"   // display_width: CJK characters take two columns

namespace attn::cli {

std::string short_usage(const std::vector<std::string>& commands, std::size_t width) {
    std::string list;
    for (const std::string& c : commands) list += (list.empty() ? "" : ", ") + c;
    return wrap_help("usage: attn COMMAND [FLAGS...]\n"
                     "  commands: " + list + "\n"
                     "`attn --help` describes the commands, `attn COMMAND --help` their flags.\n",
                     width);
}

namespace {

// Optimal string alignment distance (Levenshtein plus the swap of two neighbours, the commonest
// slip on a keyboard: "mulithead").
std::size_t osa_distance(const std::string& a, const std::string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

}  // namespace

std::vector<std::string> nearest_names(const std::string& typed, const std::vector<std::string>& names) {
    // A typed word of a thousand letters is nothing's slip: only compare words of a sane length.
    if (typed.empty() || typed.size() > 64) return {};
    const std::size_t limit = std::max<std::size_t>(2, typed.size() / 3);
    std::size_t best = limit + 1;
    std::vector<std::string> out;
    for (const std::string& name : names) {
        const std::size_t d = osa_distance(typed, name);
        if (d > limit) continue;
        if (d < best) {
            best = d;
            out = {name};
        } else if (d == best) {
            out.push_back(name);
        }
    }
    return out;
}

std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names) {
    const std::vector<std::string> near = nearest_names(typed, names);
    if (near.empty()) return "";
    std::string out = "did you mean ";
    for (std::size_t i = 0; i < near.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == near.size() ? " or " : ", ") + near[i];
    }
    return out + "?";
}

std::size_t help_width() {
    if (const char* columns = std::getenv("COLUMNS")) {
        char* end = nullptr;
        const long n = std::strtol(columns, &end, 10);
        if (end != columns && *end == '\0' && n >= 40 && n <= 1000) return static_cast<std::size_t>(n);
    }
    winsize ws{};
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        return ws.ws_col;
    return 80;
}

std::size_t terminal_columns() {
    if (const char* columns = std::getenv("COLUMNS")) {
        char* end = nullptr;
        const long n = std::strtol(columns, &end, 10);
        if (end != columns && *end == '\0' && n >= 20 && n <= 1000) return static_cast<std::size_t>(n);
    }
    winsize ws{};
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 0;
}

namespace {

// Where a continuation of `line` starts: under the description of a two-column line (a name at
// the line's indent, two or more spaces, then text), else under the line's indent.
std::size_t hang_column(const std::string& line, std::size_t width) {
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) return 0;
    const std::size_t gap = line.find("  ", indent);
    if (gap != std::string::npos && indent > 0) {
        const std::size_t text = line.find_first_not_of(' ', gap);
        // (the name part is ASCII flags and words, so bytes are columns)
        if (text != std::string::npos && text + 20 <= width) return text;
    }
    return indent + 20 <= width ? indent : 0;
}

std::string wrap_line(const std::string& line, std::size_t width) {
    if (text::display_width(line) <= width) return line + "\n";
    const std::size_t hang = hang_column(line, width);
    // The head (up to the hang column) is kept as written; the rest is filled word by word.
    std::string out = line.substr(0, hang);
    std::size_t used = text::display_width(out);
    // Break opportunities: spaces, and after the commas of a list ("naive,flash,kv-cache").
    std::istringstream words(line.substr(hang));
    std::string word;
    bool first = true;
    while (words >> word) {
        bool joined = false;   // a piece after a comma: no space before it
        for (std::size_t at = 0; at < word.size();) {
            const std::size_t comma = word.find(',', at);
            const std::size_t stop = comma == std::string::npos || comma + 1 == word.size() ? word.size() : comma + 1;
            const std::string piece = word.substr(at, stop - at);
            const std::size_t w = text::display_width(piece) + (joined ? 0 : 1);
            if (!first && used + w > width) {
                out += "\n" + std::string(hang, ' ');
                used = hang;
                first = true;
            }
            if (!first && !joined) {
                out += ' ';
                ++used;
            }
            out += piece;
            used += text::display_width(piece);
            first = false;
            joined = true;
            at = stop;
        }
    }
    return out + "\n";
}

}  // namespace

namespace {

// The pieces a prose line breaks between: a word (a run of narrow characters), a space, or one
// wide character; `glued` marks closing punctuation that stays with the piece before it.
struct Piece {
    std::string text;
    std::size_t width = 0;
    bool space = false, wide = false, glued = false;
};

std::vector<Piece> prose_pieces(const std::string& line) {
    static const std::u32string kClosing = U"，。、；：）」』！？,.;:)!?";
    static const std::u32string kOpening = U"（「『(";
    std::vector<Piece> pieces;
    for (std::size_t i = 0; i < line.size();) {
        const text::CodePoint cp = text::decode(line, i);
        const std::size_t length = cp.length > 0 ? cp.length : 1;
        const std::string ch = line.substr(i, length);
        const std::size_t w = text::display_width(ch);
        const bool space = ch == " ";
        const bool wide = w >= 2;
        const bool closing = cp.length > 0 && kClosing.find(cp.value) != std::u32string::npos;
        const bool after_opening = !pieces.empty() && pieces.back().wide &&
                                   kOpening.find(text::decode(pieces.back().text, 0).value) != std::u32string::npos;
        if (space || wide || pieces.empty() || pieces.back().space || pieces.back().wide) {
            const bool glued = !space && !pieces.empty() && !pieces.back().space && (closing || after_opening);
            pieces.push_back({ch, w, space, wide, glued});
        } else {
            pieces.back().text += ch;
            pieces.back().width += w;
        }
        i += length;
    }
    return pieces;
}

std::string wrap_prose_line(const std::string& line, std::size_t width) {
    if (text::display_width(line) <= width) return line + "\n";
    const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
    const std::size_t hang = indent + 20 <= width ? indent : 0;
    std::string out = line.substr(0, indent), current;
    std::size_t used = indent;
    const std::vector<Piece> pieces = prose_pieces(line.substr(indent));
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const Piece& p = pieces[k];
        // A break goes before this piece when it (and any closing punctuation glued to it) would
        // pass the edge; a space at a break is dropped.
        std::size_t need = p.width;
        for (std::size_t j = k + 1; j < pieces.size() && pieces[j].glued; ++j) need += pieces[j].width;
        if (!p.glued && used > hang && used + need > width) {
            while (!out.empty() && out.back() == ' ') out.pop_back();
            out += "\n" + std::string(hang, ' ');
            used = hang;
            if (p.space) continue;
        }
        out += p.text;
        used += p.width;
    }
    return out + "\n";
}

}  // namespace

std::string wrap_prose(const std::string& text, std::size_t width) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::size_t stop = end == std::string::npos ? text.size() : end;
        out += wrap_prose_line(text.substr(start, stop - start), width);
        start = stop + 1;
    }
    if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
    return out;
}

std::string reflow_paragraphs(const std::string& text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::size_t stop = end == std::string::npos ? text.size() : end;
        lines.push_back(text.substr(start, stop - start));
        start = stop + 1;
    }
    // A paragraph: consecutive non-empty lines at one indent, none of them a two-column line.
    const auto indent_of = [](const std::string& l) { return l.find_first_not_of(' '); };
    const auto two_column = [&](const std::string& l) {
        const std::size_t i = indent_of(l);
        return i != std::string::npos && i > 0 && l.find("  ", i) != std::string::npos;
    };
    std::string out;
    for (std::size_t i = 0; i < lines.size();) {
        std::size_t j = i + 1;
        const std::size_t indent = indent_of(lines[i]);
        if (indent != std::string::npos && !two_column(lines[i])) {
            while (j < lines.size() && indent_of(lines[j]) == indent && !two_column(lines[j])) ++j;
        }
        bool too_wide = false;
        for (std::size_t k = i; k < j; ++k) too_wide = too_wide || text::display_width(lines[k]) > width;
        if (too_wide && j > i + 1) {   // joined, then filled as one line under its indent
            std::string joined = lines[i];
            for (std::size_t k = i + 1; k < j; ++k) joined += " " + lines[k].substr(indent);
            out += wrap_line(joined, width);
        } else {
            for (std::size_t k = i; k < j; ++k) out += wrap_line(lines[k], width);
        }
        i = j;
    }
    if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
    return out;
}

std::string wrap_help(const std::string& text, std::size_t width) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::size_t stop = end == std::string::npos ? text.size() : end;
        out += wrap_line(text.substr(start, stop - start), width);
        start = stop + 1;
    }
    if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
    return out;
}

}  // namespace attn::cli
