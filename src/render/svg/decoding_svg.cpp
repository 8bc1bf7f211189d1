#include "render/svg/decoding_svg.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "print/python_str_repr.hpp"
#include "render/svg/layout.hpp"
#include "render/svg/line_chart.hpp"
#include "render/svg/svg_writer.hpp"
#include "text/utf8.hpp"

namespace attn::render::svg {
namespace {

constexpr double kMargin = 20, kFont = 10, kRow = 15, kColumn = 150, kColumnGap = 10, kTitle = 34;
constexpr std::size_t kMaxSteps = 12;   // columns per cell (a long run is cut, and says so)
constexpr std::size_t kMaxBeams = 10;   // rows of the beam tree
constexpr double kBeamBox = 140, kBeamRow = 34, kBeamGap = 40;
constexpr Rgb kGrey{0xbb, 0xbb, 0xbb};

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// The longest start of `s` (whole characters) that fits `width` px, with "…" when cut.
std::string fitted(const std::string& s, double width, double font) {
    if (text_width(s, font) <= width) return s;
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = text::decode(s, i).length;
        if (text_width(out + s.substr(i, n) + "…", font) > width) break;
        out += s.substr(i, n);
        i += n;
    }
    return out + "…";
}

std::string token(const std::string& text) { return print::py_str_repr(text); }

const char* decoder_title(const std::string& decoder) {
    static const std::map<std::string, const char*> names = {{"sample", "sampling"},      {"greedy", "greedy search"},
                                                             {"top-k", "top-k sampling"}, {"nucleus", "nucleus sampling"},
                                                             {"k-th", "the k-th most likely token"}};
    const auto it = names.find(decoder);
    return it == names.end() ? "" : it->second;
}

struct CellPanel {
    int cell;
    std::vector<const results::UdlDecodingStep*> steps;
};

// Rows a step's column needs: its most likely tokens, and a row for each chosen token beyond them.
std::size_t rows_of(const results::UdlDecodingStep& s) {
    std::size_t extra = 0;
    for (long rank : s.chosen_ranks)
        if (rank > static_cast<long>(s.top.size())) ++extra;
    return s.top.size() + extra;
}

}  // namespace

std::string decoding_svg(const results::UdlDecodingReport& r) {
    std::vector<CellPanel> panels;
    for (const results::UdlDecodingCell& c : r.cells) {
        if (c.cell == 28 || c.cell == 7) continue;
        CellPanel p{c.cell, {}};
        for (const results::UdlDecodingStep& s : r.steps)
            if (s.cell == c.cell) p.steps.push_back(&s);
        if (!p.steps.empty()) panels.push_back(std::move(p));
    }
    const bool beams = !r.beam_steps.empty();
    std::size_t columns = 1;
    std::vector<double> panel_height;
    for (const CellPanel& p : panels) {
        const std::size_t n = std::min(p.steps.size(), kMaxSteps);
        columns = std::max(columns, n);
        std::size_t rows = 0;
        for (std::size_t i = 0; i < n; ++i) rows = std::max(rows, rows_of(*p.steps[i]));
        panel_height.push_back(kTitle + 16 + kRow * static_cast<double>(rows) + 30);
    }
    const std::size_t beam_columns = std::min(r.beam_steps.size(), kMaxSteps);
    std::size_t beam_rows = 0;
    for (std::size_t i = 0; i < beam_columns; ++i) beam_rows = std::max(beam_rows, std::min(r.beam_steps[i].size(), kMaxBeams));
    const double width = std::max(2 * kMargin + static_cast<double>(columns) * (kColumn + kColumnGap),
                                  beams ? 2 * kMargin + kBeamBox + static_cast<double>(beam_columns) * (kBeamBox + kBeamGap) : 0.0);
    double height = 40;
    for (double h : panel_height) height += h;
    if (beams) height += kTitle + 10 + kBeamRow * static_cast<double>(beam_rows) + 30;
    height = std::max(height, 80.0);

    Writer w(width, height);
    w.empty("rect", {{"width", number(width)}, {"height", number(height)}, {"fill", "#ffffff"}});
    auto text = [&](double x, double y, const std::string& s, const std::string& anchor = "start", bool bold = false,
                    double size = kFont, const std::string& fill = "#000000") {
        Attributes a = {{"font-family", kFontFamily}, {"font-size", number(size)}, {"x", number(x)}, {"y", number(y)},
                        {"text-anchor", anchor}, {"fill", fill}};
        if (bold) a.push_back({"font-weight", "bold"});
        w.label(a, s);
    };
    text(width / 2, 24, "Notebook 12.4: decoding strategies over GPT-2", "middle", true, 14);
    if (panels.empty() && !beams) text(width / 2, 56, "(no decoding cell was shown)", "middle");

    double y = 40;
    for (std::size_t pi = 0; pi < panels.size(); ++pi) {
        const CellPanel& p = panels[pi];
        const std::string& decoder = p.steps.front()->decoder;
        const std::size_t n = std::min(p.steps.size(), kMaxSteps);
        std::string title = "Cell " + std::to_string(p.cell) + ": " + decoder_title(decoder) + ", " +
                            std::to_string(p.steps.size()) + (p.steps.size() == 1 ? " step" : " steps");
        if (n < p.steps.size()) title += " (the first " + std::to_string(n) + " shown)";
        w.open("g", {{"id", "cell-" + std::to_string(p.cell)}});
        text(kMargin, y + 18, title, "start", true, 12);
        const double top = y + kTitle + 16;
        for (std::size_t si = 0; si < n; ++si) {
            const results::UdlDecodingStep& s = *p.steps[si];
            const double x = kMargin + static_cast<double>(si) * (kColumn + kColumnGap);
            w.open("g", {{"id", "step-" + std::to_string(p.cell) + "-" + std::to_string(si + 1)}});
            text(x, top - 6, "step " + std::to_string(si + 1), "start", true);
            const double largest = s.top.empty() ? 1.0 : std::max(s.top.front().probability, 1e-300);
            auto bar = [&](double row, double probability, const std::string& label, Rgb colour, const std::string& title_text) {
                const double yy = top + row * kRow;
                w.open("g", {});
                w.with_text("title", {}, title_text);
                w.empty("rect", {{"x", number(x)}, {"y", number(yy + 1)},
                                 {"width", number(std::max(1.0, (kColumn - 4) * std::min(1.0, probability / largest)))},
                                 {"height", number(kRow - 2)}, {"fill", render::hex(colour)}, {"fill-opacity", "0.35"}});
                text(x + 2, yy + kRow - 4, fitted(label, kColumn - 6, kFont));
                w.close();
            };
            for (std::size_t i = 0; i < s.top.size(); ++i) {
                const results::UdlCandidate& c = s.top[i];
                const bool chosen = std::find(s.chosen.begin(), s.chosen.end(), c.id) != s.chosen.end();
                const bool cut = s.kept >= 0 && static_cast<long>(i) >= s.kept;
                const Rgb colour = chosen ? kVermillion : cut ? kGrey : kBlue;
                const std::string p_text = fixed(c.probability, 3);
                bar(static_cast<double>(i), c.probability, p_text + " " + token(c.text), colour,
                    "rank " + std::to_string(i + 1) + ": id " + std::to_string(c.id) + " " + token(c.text) + ", p = " +
                        fixed(c.probability, 6) + (chosen ? " (chosen)" : cut ? " (cut off)" : ""));
            }
            double row = static_cast<double>(s.top.size());
            for (std::size_t k = 0; k < s.chosen.size(); ++k) {
                if (s.chosen_ranks[k] <= static_cast<long>(s.top.size())) continue;
                bar(row, s.probabilities[k], "#" + std::to_string(s.chosen_ranks[k]) + " " + fixed(s.probabilities[k], 3) + " " +
                                                 token(s.chosen_texts[k]),
                    kVermillion, "rank " + std::to_string(s.chosen_ranks[k]) + ": id " + std::to_string(s.chosen[k]) + " " +
                                     token(s.chosen_texts[k]) + ", p = " + fixed(s.probabilities[k], 6) + " (chosen)");
                row += 1;
            }
            // the cut-off: under the last token kept, or a note when it keeps more than are drawn
            if (s.kept >= 0) {
                const std::string what = decoder == "top-k" ? "top-k" : "nucleus";
                if (s.kept <= static_cast<long>(s.top.size())) {
                    const double yy = top + static_cast<double>(s.kept) * kRow;
                    w.empty("line", {{"class", "cut-off"}, {"x1", number(x - 2)}, {"y1", number(yy)}, {"x2", number(x + kColumn)},
                                     {"y2", number(yy)}, {"stroke", "#000000"}, {"stroke-width", "1.5"},
                                     {"stroke-dasharray", "4 3"}});
                    text(x + kColumn - 2, yy - 2, what + " keeps " + std::to_string(s.kept), "end", false, 8);
                } else {
                    text(x, top + row * kRow + 11, what + " keeps " + std::to_string(s.kept), "start", false, 9);
                }
            }
            w.close();
        }
        w.close();
        y += panel_height[pi];
    }

    if (beams) {
        w.open("g", {{"id", "beam-tree"}});
        std::string title = "Cell 28: beam search, " + std::to_string(r.beam_steps.size()) + " steps of " +
                            std::to_string(r.beam_steps.front().size()) + " beams";
        if (beam_columns < r.beam_steps.size() || beam_rows < r.beam_steps.front().size())
            title += " (the first " + std::to_string(beam_columns) + " steps and " + std::to_string(beam_rows) + " beams shown)";
        text(kMargin, y + 18, title, "start", true, 12);
        const double top = y + kTitle + 10;
        auto box_x = [&](std::size_t step) { return kMargin + kBeamBox + kBeamGap + static_cast<double>(step) * (kBeamBox + kBeamGap); };
        auto box_y = [&](std::size_t row) { return top + static_cast<double>(row) * kBeamRow; };
        // the root: the prompt
        w.empty("rect", {{"x", number(kMargin)}, {"y", number(box_y(0))}, {"width", number(kBeamBox)},
                         {"height", number(kBeamRow - 8)}, {"fill", "#f0f0f0"}, {"stroke", "#000000"}});
        text(kMargin + 4, box_y(0) + 16, "the prompt");
        for (std::size_t si = 0; si < beam_columns; ++si) {
            const auto& step = r.beam_steps[si];
            const double x = box_x(si);
            text(x, top - 6, "step " + std::to_string(si + 1), "start", true);
            for (std::size_t b = 0; b < std::min(step.size(), kMaxBeams); ++b) {
                const results::UdlBeam& beam = step[b];
                const double yy = box_y(b);
                // the edge from its parent (the prompt at the first step)
                const double px = si == 0 ? kMargin + kBeamBox : box_x(si - 1) + kBeamBox;
                const double py = si == 0 ? box_y(0) + (kBeamRow - 8) / 2
                                          : box_y(static_cast<std::size_t>(std::max(beam.parent, 0))) + (kBeamRow - 8) / 2;
                const bool parent_drawn = si == 0 || static_cast<std::size_t>(beam.parent) < kMaxBeams;
                w.open("g", {{"id", "beam-" + std::to_string(si + 1) + "-" + std::to_string(b)}});
                w.with_text("title", {}, "step " + std::to_string(si + 1) + ", beam " + std::to_string(b) + ": extends " +
                                             (si == 0 ? std::string("the prompt") : "beam " + std::to_string(beam.parent)) +
                                             " by " + token(beam.appended_text) + ", log_prob " + fixed(beam.log_prob, 3));
                if (parent_drawn)
                    w.empty("line", {{"class", "edge"}, {"x1", number(px)}, {"y1", number(py)}, {"x2", number(x)},
                                     {"y2", number(yy + (kBeamRow - 8) / 2)}, {"stroke", render::hex(kBlue)},
                                     {"stroke-width", b == 0 ? "2" : "1"}});
                w.empty("rect", {{"x", number(x)}, {"y", number(yy)}, {"width", number(kBeamBox)},
                                 {"height", number(kBeamRow - 8)}, {"fill", b == 0 ? "#fbe3d0" : "#ffffff"},
                                 {"stroke", b == 0 ? render::hex(kVermillion) : "#000000"}});
                text(x + 4, yy + 11, fitted(token(beam.appended_text), kBeamBox - 8, kFont));
                text(x + 4, yy + 22, std::to_string(b) + ": " + fixed(beam.log_prob, 3), "start", false, 8, "#555555");
                w.close();
            }
        }
        w.close();
    }
    return w.finish();
}

}  // namespace attn::render::svg
