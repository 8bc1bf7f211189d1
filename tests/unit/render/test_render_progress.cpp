// The progress line's timing rules, with a fake clock, and which matrices the heatmaps show.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "render/heatmap_views.hpp"
#include "render/progress_line.hpp"

using namespace attn::render;

TEST_CASE("progress: nothing before the delay, then at most one line per interval, erased at the end") {
    double now = 0;
    std::string out;
    ProgressLine line("attn scaling:", [&](const std::string& s) { out += s; }, [&] { return now; }, 0.25, 0.1);
    line.update(10, 100);
    now = 0.2;
    line.update(20, 100);
    CHECK(out.empty());                 // a short run shows nothing
    now = 0.3;
    line.update(30, 100);
    CHECK(out == "\rattn scaling: 30%\x1b[K");
    now = 0.35;
    line.update(40, 100);               // within the interval: not redrawn
    CHECK(out == "\rattn scaling: 30%\x1b[K");
    now = 0.5;
    line.update(40, 100);
    CHECK(out == "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K");
    now = 0.7;
    line.update(40, 100);               // the same percentage: not redrawn
    line.update(0, 0);                  // nothing to measure: ignored
    CHECK(out == "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K");
    now = 1.6;
    line.update(40, 100);               // unchanged, but a second since it was drawn: drawn again
    CHECK(out == "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K\rattn scaling: 40%\x1b[K");
    out = "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K";
    line.finish();
    CHECK(out == "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K\r\x1b[K");
    line.finish();                      // once erased, nothing more
    CHECK(out == "\rattn scaling: 30%\x1b[K\rattn scaling: 40%\x1b[K\r\x1b[K");
}

TEST_CASE("progress: a run that ends before the delay writes nothing at all") {
    double now = 0;
    std::string out;
    ProgressLine line("x", [&](const std::string& s) { out += s; }, [&] { return now; });
    now = 0.1;
    line.update(100, 100);
    line.finish();
    CHECK(out.empty());
    CHECK_FALSE(line.shown());
}

namespace {
attn::results::Array square(std::size_t n, double start) {
    attn::results::Array a{{n, n}, {}};
    for (std::size_t i = 0; i < n * n; ++i) a.values.push_back(start + static_cast<double>(i));
    return a;
}
}  // namespace

TEST_CASE("views: attention shows S (signed) then A (weights), positions 1..N") {
    attn::results::AttentionReport r;
    r.scores = square(3, -4);
    r.weights = square(3, 0);
    const std::vector<Heatmap> maps = attention_heatmaps(r);
    REQUIRE(maps.size() == 2);
    CHECK(maps[0].scale == Scale::signed_);
    CHECK(maps[0].values == r.scores.values);
    CHECK(maps[1].scale == Scale::weights);
    CHECK(maps[1].values == r.weights.values);
    CHECK(maps[1].row_labels == std::vector<std::string>{"1", "2", "3"});
    CHECK(maps[1].masked.empty());
}

TEST_CASE("views: the mask's cells are masked exactly where the causal mask disallows them") {
    attn::results::MaskReport r;
    r.masked_weights = square(2, 0);
    r.allowed = {true, true, false, true};
    const Heatmap h = mask_heatmap(r);
    CHECK(h.masked == std::vector<bool>{false, false, true, false});
}

TEST_CASE("views: the lesson's heatmaps follow the shown sections, labelled with its characters") {
    attn::results::LessonReport r;
    r.words = {"床", "前"};
    r.causal_weights = square(2, 0);
    r.causal_keep = {true, false, true, true};
    r.head_output = {{2, 3}, {1, -1, 2, 0, 0, 0}};
    r.shown = {1, 2};
    CHECK(lesson_heatmaps(r).empty());
    r.shown = {3, 5};
    const std::vector<Heatmap> maps = lesson_heatmaps(r);
    REQUIRE(maps.size() == 2);
    CHECK(maps[0].row_labels == r.words);
    CHECK(maps[0].column_labels == r.words);
    CHECK(maps[0].masked == std::vector<bool>{false, true, false, false});
    CHECK(maps[1].scale == Scale::signed_);
    CHECK(maps[1].row_labels == r.words);
    CHECK(maps[1].column_labels == std::vector<std::string>{"1", "2", "3"});
    // In English (and so in the SVG) each character with its position: readable without a CJK font.
    const std::vector<Heatmap> english = lesson_heatmaps(r, Wording::english);
    CHECK(english[0].row_labels == std::vector<std::string>{"1 床", "2 前"});
    CHECK(english[0].column_labels == english[0].row_labels);
    CHECK(english[1].row_labels == english[0].row_labels);
}

TEST_CASE("views: udl 12.1 shows the loop's attention (a_nm at row m, column n), the scaled one, then X'") {
    attn::results::UdlReport r;
    r.notebook = attn::results::UdlNotebook::nb12_1;
    // attentions[n][m] = a_nm: output 0 attends to input 1, output 1 to input 0
    r.nb121.attentions = {{{{1, 1}, {0.25}}, {{1, 1}, {0.75}}}, {{{1, 1}, {0.9}}, {{1, 1}, {0.1}}}};
    r.nb121.scaled_attention = square(2, 0);
    r.nb121.x_prime_scaled = {{3, 2}, {-1, 2, 0, 0, 5, -3}};
    const std::vector<Heatmap> maps = udl_heatmaps(r);
    REQUIRE(maps.size() == 3);
    CHECK(maps[0].scale == Scale::weights);
    CHECK(maps[0].values == std::vector<double>{0.25, 0.9, 0.75, 0.1});   // row m, column n
    CHECK(maps[0].row_labels == std::vector<std::string>{"0", "1"});      // 0-based, as the notebook
    CHECK(maps[1].values == r.nb121.scaled_attention.values);
    CHECK(maps[2].scale == Scale::signed_);
    CHECK(maps[2].rows == 3);
    CHECK(maps[2].columns == 2);
    CHECK(maps[2].values == r.nb121.x_prime_scaled.values);
}

TEST_CASE("views: udl 12.2 shows each head's attention, then X' signed; a mistake says so") {
    attn::results::UdlReport r;
    r.notebook = attn::results::UdlNotebook::nb12_2;
    r.nb122.head_attentions = {square(2, 0), square(2, 1), square(2, 2)};
    r.nb122.x_prime = {{4, 2}, {1, -1, 2, 0, 0, 0, 3, 3}};
    std::vector<Heatmap> maps = udl_heatmaps(r);
    REQUIRE(maps.size() == 4);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(maps[i].scale == Scale::weights);
        CHECK(maps[i].values == r.nb122.head_attentions[i].values);
        CHECK(maps[i].title.rfind("Head " + std::to_string(i) + ": ", 0) == 0);
        CHECK(maps[i].title.find("mistake") == std::string::npos);
    }
    CHECK(maps[3].scale == Scale::signed_);
    CHECK(maps[3].values == r.nb122.x_prime.values);
    r.nb122.mistake = "softmax-rows";
    maps = udl_heatmaps(r);
    for (const Heatmap& h : maps) CHECK(h.title.find("[mistake: softmax-rows]") != std::string::npos);
}

TEST_CASE("progress: the time left at the pace so far, after a second; a refresh moves it during a long step") {
    std::string out;
    double now = 0;
    ProgressLine line("attn cost:", [&](const std::string& s) { out = s; }, [&] { return now; }, 0.25, 0.1, true);
    now = 0.5;
    line.update(1, 10);
    CHECK(out == "\rattn cost: 10%\x1b[K");          // before a second: no estimate yet
    now = 1.0;
    line.update(1, 10);
    CHECK(out == "\rattn cost: 10%\x1b[K, about 9 s left");   // 1 s for a tenth: 9 s for the rest
    now = 2.0;
    line.refresh();                                    // no update for a second: the estimate grows
    CHECK(out == "\rattn cost: 10%\x1b[K, about 18 s left");
    now = 200;
    line.refresh();
    CHECK(out == "\rattn cost: 10%\x1b[K, about 30 min left");
    now = 201;
    line.update(10, 10);
    CHECK(out == "\rattn cost: 100%\x1b[K");           // done: nothing left to estimate
    ProgressLine quiet("x", [&](const std::string& s) { out = s; }, [&] { return now; });
    out.clear();
    quiet.refresh();                                   // nothing drawn yet: a refresh draws nothing
    CHECK(out.empty());
}

TEST_CASE("progress: the step named after the percentage; a new step drawn at once") {
    std::string out;
    double now = 0;
    ProgressLine line("attn cost:", [&](const std::string& s) { out = s; }, [&] { return now; }, 0.25, 0.1);
    now = 0.3;
    line.update(1, 10, "naive, T = 1000");
    CHECK(out == "\rattn cost: 10% (naive, T = 1000)\x1b[K");
    now = 0.32;                                        // within the interval, same percentage
    line.update(1, 10, "recompute, T = 1000");
    CHECK(out == "\rattn cost: 10% (recompute, T = 1000)\x1b[K");
    out.clear();
    now = 0.34;
    line.update(1, 10, "recompute, T = 1000");         // nothing new: not redrawn
    CHECK(out.empty());
}

TEST_CASE("progress: the line of a run without progress") {
    CHECK(ticker_text("attn mask:", 3) == "\rattn mask: working, 3 s\x1b[K");
}
