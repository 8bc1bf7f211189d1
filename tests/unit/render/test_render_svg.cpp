// The SVG writer (escaping, numbers, structure) and the pictures' layout.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "render/heatmap.hpp"
#include "render/svg/cost_svg.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/svg/layout.hpp"
#include "render/svg/line_chart.hpp"
#include "render/svg/multihead_svg.hpp"
#include "text/utf8.hpp"
#include "render/svg/scaling_svg.hpp"
#include "render/svg/svg_writer.hpp"

using namespace attn::render;
using namespace attn::render::svg;
using attn::text::display_width;

namespace {
const std::string kBad = "\xef\xbf\xbd";   // U+FFFD

// The value of attribute `name` in the first element after `from` that has it.
std::string attribute_after(const std::string& doc, const std::string& from, const std::string& name) {
    const std::size_t at = doc.find(from);
    REQUIRE(at != std::string::npos);
    const std::size_t a = doc.find(" " + name + "=\"", at);
    REQUIRE(a != std::string::npos);
    const std::size_t start = a + name.size() + 3;
    return doc.substr(start, doc.find('"', start) - start);
}

std::size_t count(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}
}  // namespace

TEST_CASE("escape: the five XML specials, forbidden controls and bad UTF-8 become U+FFFD") {
    CHECK(escape("<a & 'b'>\"") == "&lt;a &amp; &apos;b&apos;&gt;&quot;");
    CHECK(escape("&amp;") == "&amp;amp;");                       // escaped again, never passed through
    CHECK(escape("tab\tline\nret\r") == "tab\tline\nret\r");     // allowed in XML 1.0
    CHECK(escape(std::string("a\x01z\x1b", 4)) == "a" + kBad + "z" + kBad);
    CHECK(escape(std::string("\0", 1)) == kBad);
    CHECK(escape("床前明月光 Ωq α(1 − α) √Dq") == "床前明月光 Ωq α(1 − α) √Dq");
    CHECK(escape("\xff") == kBad);                               // not UTF-8 at all
    CHECK(escape("\xc0\xaf") == kBad + kBad);                    // overlong '/'
    CHECK(escape("\xed\xa0\x80") == kBad + kBad + kBad);         // a UTF-16 surrogate
    CHECK(escape("\xe5\xba") == kBad + kBad);                    // cut short
    CHECK(escape("\xef\xbf\xbf") == kBad + kBad + kBad);         // U+FFFF is not an XML character
    CHECK(escape("\xf4\x90\x80\x80") == kBad + kBad + kBad + kBad);   // beyond U+10FFFF
    CHECK(escape("\xf0\x9f\x98\x80") == "\xf0\x9f\x98\x80");     // U+1F600 is fine
}

TEST_CASE("numbers: two decimals at most, no trailing zeros, no -0, non-finite refused") {
    CHECK(number(12.5) == "12.5");
    CHECK(number(3.0) == "3");
    CHECK(number(-0.25) == "-0.25");
    CHECK(number(-0.001) == "0");
    CHECK(number(-0.0) == "0");
    CHECK(number(1.0 / 3.0) == "0.33");
    CHECK(number(123456.789) == "123456.79");
    CHECK_THROWS_AS(number(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(number(INFINITY), std::invalid_argument);
    CHECK(fixed_text(-0.0004, 3) == "0.000");
    CHECK(fixed_text(-0.0006, 3) == "-0.001");
    CHECK(fixed_text(-0.0, 2) == "0.00");
    CHECK(fixed_text(1e300, 1).size() == 303);
    CHECK(tick_label(0.30000000000000004) == "0.3");
    CHECK(tick_label(101760) == "101760");
    CHECK(tick_label(0) == "0");
}

TEST_CASE("writer: a whole document, byte for byte") {
    Writer w(100, 50.5);
    w.open("g", {{"font-family", "A & B"}});
    w.empty("rect", {{"x", number(1)}, {"fill", "#ffffff"}});
    w.with_text("text", {{"x", "2"}}, "a<b");
    w.close();
    CHECK(w.finish() ==
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"100\" height=\"50.5\" "
          "viewBox=\"0 0 100 50.5\">\n"
          "  <g font-family=\"A &amp; B\">\n"
          "    <rect x=\"1\" fill=\"#ffffff\"/>\n"
          "    <text x=\"2\">a&lt;b</text>\n"
          "  </g>\n"
          "</svg>\n");
}

TEST_CASE("writer: unbalanced elements and bad names are bugs, refused") {
    Writer w(1, 1);
    w.open("g", {});
    CHECK_THROWS_AS(w.finish(), std::logic_error);
    w.close();
    CHECK_THROWS_AS(w.close(), std::logic_error);
    CHECK_THROWS_AS(w.empty("rect x", {}), std::invalid_argument);
    CHECK_THROWS_AS(w.empty("rect", {{"on\"load", "x"}}), std::invalid_argument);
    CHECK_THROWS_AS(w.empty("", {}), std::invalid_argument);
}

namespace {
Heatmap two_by_two() {
    Heatmap h;
    h.title = "T & <t>";
    h.axes = "rows, columns";
    h.rows = h.columns = 2;
    h.row_labels = {"1", "2"};
    h.column_labels = {"1", "2"};
    h.values = {1.0, 0.25, 0.0, 0.75};
    h.masked = {false, false, true, false};
    h.scale = Scale::weights;
    h.decimals = 2;
    return h;
}
}  // namespace

TEST_CASE("heatmap SVG: each cell's rectangle filled with its value's colour, masked cells marked") {
    const Heatmap h = two_by_two();
    const std::string doc = heatmaps_svg({h});
    CHECK(doc == heatmaps_svg({h}));   // byte-stable
    CHECK(doc.find("T &amp; &lt;t&gt;") != std::string::npos);
    CHECK(attribute_after(doc, "id=\"cell-1-1-1\"", "fill") == hex(viridis(1.0)));
    CHECK(attribute_after(doc, "id=\"cell-1-1-2\"", "fill") == hex(viridis(0.25)));
    CHECK(attribute_after(doc, "id=\"cell-1-2-2\"", "fill") == hex(viridis(0.75)));
    CHECK(attribute_after(doc, "id=\"cell-1-2-1\"", "fill") == hex(kMaskedFill));
    // the grid: columns a cell's width apart (as narrow as the values allow, 56 px at least), rows 32 px
    const double w11 = std::stod(attribute_after(doc, "id=\"cell-1-1-1\"", "width"));
    CHECK(w11 == std::ceil(4 * 0.62 * 18 + 14));   // "1.00" at 18 px, 7 px either side
    const double x11 = std::stod(attribute_after(doc, "id=\"cell-1-1-1\"", "x"));
    const double y11 = std::stod(attribute_after(doc, "id=\"cell-1-1-1\"", "y"));
    CHECK(std::stod(attribute_after(doc, "id=\"cell-1-2-2\"", "x")) == x11 + w11);
    CHECK(std::stod(attribute_after(doc, "id=\"cell-1-2-2\"", "y")) == y11 + 32);
    // the masked cell has a dot and no value; the others show theirs
    const std::string masked = doc.substr(doc.find("id=\"cell-1-2-1\""), doc.find("id=\"cell-1-2-2\"") - doc.find("id=\"cell-1-2-1\""));
    CHECK(masked.find("<circle") != std::string::npos);
    CHECK(masked.find(">0.00<") == std::string::npos);
    CHECK(doc.find(">0.25</text>") != std::string::npos);
    CHECK(count(doc, "<g id=\"cell-") == 4);
}

TEST_CASE("terminal heatmap without colour: a readable grid, the mask's dot, no escape codes") {
    const Heatmap h = two_by_two();
    CHECK(heatmap_text(h, ColourDepth::none) ==
          "T & <t>\n"
          "rows, columns\n"
          "    1     2\n"
          "1  1.00  0.25\n"
          "2   .    0.75\n");
}

TEST_CASE("terminal heatmap in colour: each cell's background is its value's colour") {
    const Heatmap h = two_by_two();
    const std::string tc = heatmap_text(h, ColourDepth::truecolor);
    const Rgb c = viridis(0.25);
    const std::string sgr = "48;2;" + std::to_string(c.r) + ";" + std::to_string(c.g) + ";" + std::to_string(c.b) + "m 0.25 ";
    CHECK(tc.find(sgr) != std::string::npos);
    CHECK(tc.find("38;2;168;168;168;48;2;48;48;48m  .   \x1b[0m") != std::string::npos);   // masked
    const std::string x256 = heatmap_text(h, ColourDepth::xterm256);
    CHECK(x256.find("48;5;" + std::to_string(xterm256_index(c)) + "m 0.25 ") != std::string::npos);
    const std::string a16 = heatmap_text(h, ColourDepth::ansi16);
    CHECK(a16.find("97;44m 0.25 ") != std::string::npos);   // blue bin, bright white text
    CHECK(a16.find("30;103m 1.00 ") != std::string::npos);  // bright yellow bin, black text
    // the last escape code of every line is a reset, so no colour bleeds into the next line
    for (const std::string& text : {tc, x256, a16}) {
        std::size_t start = 0;
        for (std::size_t nl = text.find('\n'); nl != std::string::npos; start = nl + 1, nl = text.find('\n', start)) {
            const std::string line = text.substr(start, nl - start);
            if (line.find('\x1b') != std::string::npos) CHECK(line.rfind('\x1b') == line.rfind("\x1b[0m"));
        }
    }
}

TEST_CASE("labels: CJK characters are two columns wide, so the lesson's grid lines up") {
    CHECK(display_width("床前") == 4);
    CHECK(display_width("12") == 2);
    CHECK(display_width("Ωq") == 2);
    Heatmap h = two_by_two();
    h.masked.clear();
    h.row_labels = h.column_labels = {"床", "光"};
    CHECK(heatmap_text(h, ColourDepth::none) ==
          "T & <t>\n"
          "rows, columns\n"
          "     床    光\n"
          "床  1.00  0.25\n"
          "光  0.00  0.75\n");
}

TEST_CASE("signed heatmaps: the colour range is the largest |value| of the unmasked cells") {
    Heatmap h = two_by_two();
    h.scale = Scale::signed_;
    h.values = {-2.0, 1.0, 9.0, 0.5};   // 9 is masked
    CHECK(colour_limit(h) == 2.0);
    CHECK(cell_colour(h, 0, 0) == rdbu(-1));
    CHECK(cell_colour(h, 0, 1) == rdbu(0.5));
    CHECK(cell_text(h, 1, 0) == ".");
}

TEST_CASE("charts: round axis tops, points where their values are, series told apart without colour") {
    CHECK(round_axis_top(0.734) == doctest::Approx(0.8));
    CHECK(round_axis_top(101760) == doctest::Approx(125000));
    CHECK(round_axis_top(9216) == doctest::Approx(10000));
    CHECK(round_axis_top(0) == 1);

    attn::results::ScalingReport r;
    r.rows = {{400, 30.7, 0.734, 0.0312, 0.0, 0.2302}, {4, 2.98, 0.015, 0.1981, 0.0, 0.2253}};
    const std::string doc = scaling_svg(r);
    CHECK(doc == scaling_svg(r));
    // panel 1 (saturation, y from 0 to 1), series 1 (unscaled): drawn by Dq, so point 2 is Dq=400
    const double y_zero = std::stod(attribute_after(doc, "id=\"point-1-2-1\"", "y")) + 4.5;  // a square at 0
    const double y_dq4 = std::stod(attribute_after(doc, "id=\"point-1-1-1\"", "cy"));
    const double y_dq400 = std::stod(attribute_after(doc, "id=\"point-1-1-2\"", "cy"));
    CHECK((y_zero - y_dq400) / (y_zero - y_dq4) == doctest::Approx(0.734 / 0.015).epsilon(0.02));
    CHECK(doc.find("<title>unscaled scores k·q: 400, 0.734</title>") != std::string::npos);
    CHECK(count(doc, "stroke-dasharray") == 3);   // the scaled series in both panels and the legend
    CHECK(count(doc, "<circle") == 5);             // 2 points x 2 panels + the legend's

    attn::results::MultiheadReport m;
    for (long h : {1L, 6L}) {
        attn::results::MultiheadRow row;
        row.heads = h;
        row.head_width = 48 / h;
        row.parameters = 9216;
        row.multiplications = 101760;
        row.output_shape = {48, 10};
        m.rows.push_back(row);
    }
    const std::string mh = multihead_svg(m);
    CHECK(attribute_after(mh, "id=\"point-2-1-1\"", "cy") == attribute_after(mh, "id=\"point-2-1-2\"", "cy"));
    CHECK(mh.find("<title>counted from the shapes of the products: 6, 101760</title>") != std::string::npos);
}

TEST_CASE("charts: a point that cannot be drawn is a bug, refused") {
    Chart c;
    c.panels = {Panel{"p", "x", "y", true, 0, 0, {Series{"s", {0.0}, {1.0}, kBlue}}}};   // log of 0
    CHECK_THROWS_AS(chart_svg(c), std::invalid_argument);
    c.panels[0].log_x = false;
    c.panels[0].series[0].y = {std::nan("")};
    CHECK_THROWS_AS(chart_svg(c), std::invalid_argument);
}

TEST_CASE("cost chart: log-log axes, one line per kernel, the fitted exponent in the legend, the same bytes") {
    // Synthetic timings: naive grows as T² (×4 per doubling), flash measured at one length only.
    attn::results::CostReport r;
    const auto run = [](const std::string& kernel, long t, double s) {
        attn::results::CostRun c;
        c.kernel = kernel;
        c.t = t;
        c.median_s = s;
        return c;
    };
    r.runs = {run("naive", 100, 1e-4), run("naive", 200, 4e-4), run("naive", 400, 1.6e-3), run("flash", 100, 2e-4)};
    attn::results::CostFit naive_fit;
    naive_fit.kernel = "naive";
    naive_fit.points = 3;
    naive_fit.exponent = 2.004;
    attn::results::CostFit flash_fit;
    flash_fit.kernel = "flash";
    flash_fit.points = 1;
    r.fits = {naive_fit, flash_fit};
    const std::string doc = cost_svg(r);
    CHECK(doc == cost_svg(r));
    CHECK(count(doc, "<polyline") == 2);
    CHECK(count(doc, "id=\"point-1-1-") == 3);
    CHECK(count(doc, "id=\"point-1-2-") == 1);
    CHECK(doc.find(">naive: time ∝ T^2.00</text>") != std::string::npos);
    CHECK(doc.find(">flash (one length, no exponent)</text>") != std::string::npos);
    CHECK(doc.find(">T (log scale)</text>") != std::string::npos);
    CHECK(doc.find(">seconds (log scale)</text>") != std::string::npos);
    // y ticks at the decades from 10^-4 (below the smallest time) to 10^-2 (above the largest)
    for (const char* tick : {">0.0001</text>", ">0.001</text>", ">0.01</text>"}) CHECK(doc.find(tick) != std::string::npos);
    CHECK(doc.find(">0.1</text>") == std::string::npos);
    // The points where log-log axes put them (computed by hand: plot 340 x 240 px at (88, 80),
    // x from log10 100 to log10 400 padded by 8% each side, y from 10^-4 at 320 to 10^-2 at 80):
    // equal steps, since each doubling of T multiplies the time by 4.
    CHECK(attribute_after(doc, "<polyline", "points") == "111.45,320 258,247.75 404.55,175.51");
    CHECK(attribute_after(doc, "id=\"point-1-2-1\"", "x") == "106.95");   // flash's square at (111.45, 283.88)
    CHECK(attribute_after(doc, "id=\"point-1-2-1\"", "y") == "279.38");
    CHECK(attribute_after(doc, "id=\"point-1-1-1\"", "fill") == "#d55e00");   // naive vermillion
    CHECK(attribute_after(doc, "id=\"point-1-2-1\"", "fill") == "#0072b2");   // flash blue
    CHECK(doc.find("<title>naive: time ∝ T^2.00: 200, 0.0004</title>") != std::string::npos);

    // four kernels' legend entries do not fit on one row: they wrap inside the picture
    r.runs.push_back(run("kv-cache", 100, 1e-4));
    r.runs.push_back(run("recompute", 100, 1e-3));
    const std::string four = cost_svg(r);
    const double width = std::stod(attribute_after(four, "<svg", "width"));
    std::size_t at = 0;
    while ((at = four.find("<text x=\"", at)) != std::string::npos) {
        const double x = std::stod(four.substr(at + 9));
        const std::size_t end = four.find("</text>", at);
        const std::size_t open = four.find('>', at) + 1;
        CHECK(x + text_width(four.substr(open, end - open), 12) <= width);
        at = end;
    }
}

TEST_CASE("charts: a log y axis refuses a time of 0 (it cannot be drawn)") {
    Chart c;
    c.panels = {Panel{"p", "x", "y", true, 0, 0, {Series{"s", {1.0, 2.0}, {0.5, 0.0}, kBlue}}}};
    c.panels[0].log_y = true;
    CHECK_THROWS_AS(chart_svg(c), std::invalid_argument);
    c.panels[0].series[0].y = {0.5, 1.0};
    CHECK_NOTHROW(chart_svg(c));
}

TEST_CASE("NaN cells (udl's softmax overflow): 'nan' as NumPy prints it, mid grey, never a palette colour") {
    Heatmap h;
    h.rows = 1;
    h.columns = 3;
    h.row_labels = {"0"};
    h.column_labels = {"0", "1", "2"};
    h.values = {std::nan(""), -std::nan(""), 0.5};
    h.scale = Scale::weights;
    CHECK(cell_text(h, 0, 0) == "nan");
    CHECK(cell_text(h, 0, 1) == "nan");   // printf would write "-nan"
    CHECK(fixed_text(INFINITY, 3) == "inf");
    CHECK(fixed_text(-INFINITY, 3) == "-inf");
    CHECK(cell_colour(h, 0, 0) == kNotANumber);
    CHECK(cell_colour(h, 0, 2) == viridis(0.5));
    const std::string svg = heatmaps_svg({h});
    CHECK(attribute_after(svg, "id=\"cell-1-1-1\"", "fill") == hex(kNotANumber));
    CHECK(attribute_after(svg, "id=\"cell-1-1-3\"", "fill") == hex(viridis(0.5)));
    CHECK(heatmap_text(h, ColourDepth::truecolor).find("48;2;128;128;128m   nan \x1b[0m") != std::string::npos);
    CHECK(heatmap_text(h, ColourDepth::ansi16).find("100m   nan \x1b[0m") != std::string::npos);   // bright black
    h.scale = Scale::signed_;
    CHECK(cell_colour(h, 0, 1) == kNotANumber);
    CHECK(colour_limit(h) == 0.5);
}
