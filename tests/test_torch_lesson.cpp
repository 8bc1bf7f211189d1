// `attn lesson`'s numbers before printing, against the float32 values Debian's torch computes
// for the same calls (tests/data/torch/lesson_values.txt, made by tools/gen_torch_fixtures.py),
// and the section-5 check: attn's flash kernel against the step-by-step head.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/float32_ops.hpp"
#include "core/kernels/kernels.hpp"
#include "experiments/lesson.hpp"
#include "render/lesson_text.hpp"
#include "rng/torch_generator.hpp"

using attn::experiments::LessonOptions;
using attn::experiments::run_lesson;

namespace {

std::map<std::string, std::vector<double>> read_values() {
    const std::string path = std::string(ATTN_SOURCE_DIR) + "/tests/data/torch/lesson_values.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::map<std::string, std::vector<double>> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key, x;
        words >> key;
        if (key == "scores" || key == "weights" || key == "weights_x5" || key == "head_out") {
            std::string arg;
            words >> arg;
            key += " " + arg;
        }
        while (words >> x) out[key].push_back(std::strtod(x.c_str(), nullptr));
    }
    return out;
}

// Largest |a - b|; NaN if the sizes differ.
double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return NAN;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
    return m;
}

}  // namespace

TEST_CASE("lesson values agree with torch's float32 results") {
    const auto want = read_values();
    const auto r = run_lesson({});
    // Same BLAS, same operation order: sections 1-3 and 5 come out bit for bit.
    CHECK(max_diff(r.averaging_weights.values, want.at("averaging_weights")) == 0.0);
    CHECK(r.third_is_mean == (want.at("third_is_mean")[0] == 1.0));
    CHECK(max_diff(r.causal_weights.values, want.at("causal_weights")) <= 1e-7);
    CHECK(max_diff(r.head_output.values, want.at("head_out causal")) <= 1e-6);
    // Section 4: sums of up to 1024 products in a different order; relative 1e-5 at most.
    REQUIRE(r.spread.size() == 4);
    for (const auto& row : r.spread) {
        CAPTURE(row.d);
        const auto& w = want.at("spread_" + std::to_string(row.d));
        CHECK(std::fabs(row.dot_std - w[0]) <= 1e-5 * w[0]);
        CHECK(std::fabs(row.max_weight_raw - w[1]) <= 1e-5);
        CHECK(std::fabs(row.max_weight_scaled - w[2]) <= 1e-5);
        CHECK(row.sqrt_d == std::sqrt(double(row.d)));
    }
    CHECK(r.shown == std::vector<int>{1, 2, 3, 4, 5});
    CHECK(r.words == std::vector<std::string>{"床", "前", "明", "月", "光"});
}

TEST_CASE("section 2 for other queries (exercise 1)") {
    const auto want = read_values();
    const std::vector<std::pair<std::string, std::array<double, 2>>> queries = {
        {"1,0", {1, 0}},       {"0,1", {0, 1}},         {"0.3,-0.7", {0.3, -0.7}},
        {"-1,-0", {-1, -0.0}}, {"2.5,2.5", {2.5, 2.5}}, {"1000,0", {1000, 0}},
        {"-1e6,1e6", {-1e6, 1e6}}, {"1e-30,0", {1e-30, 0}}};
    for (const auto& [text, q] : queries) {
        CAPTURE(text);
        LessonOptions o;
        o.query = q;
        o.sections = {2};
        const auto r = run_lesson(o);
        CHECK(max_diff(r.scores, want.at("scores " + text)) == 0.0);
        for (std::size_t i = 0; i < r.scores.size(); ++i) {
            CHECK(std::signbit(r.scores[i]) == std::signbit(want.at("scores " + text)[i]));
        }
        CHECK(max_diff(r.weights, want.at("weights " + text)) <= 1e-7);
        CHECK(max_diff(r.weights_x5, want.at("weights_x5 " + text)) <= 1e-7);
    }
}

TEST_CASE("section 5: the flash kernel stays within 1e-6 of the step-by-step head at T = 5, 1e-5 at --t up to 3000") {
    const auto want = read_values();
    for (bool no_mask : {false, true}) {
        CAPTURE(no_mask);
        LessonOptions o;
        o.no_mask = no_mask;
        const auto r = run_lesson(o);
        CHECK(r.causal == !no_mask);
        CHECK(r.max_difference < 1e-6);
        CHECK(r.max_difference > 0.0);   // a real second computation, rounding differently
        CHECK(max_diff(r.head_output.values, want.at(no_mask ? "head_out no_mask" : "head_out causal")) <= 1e-6);
        CHECK(r.input_shape == attn::report::Shape{5, 16});
        CHECK(r.qkv_shape == attn::report::Shape{5, 8});
        CHECK(r.output_shape == attn::report::Shape{5, 8});
    }
    // Longer sequences (exercise 3), both modes: the figure is the largest of T×8 float32
    // rounding differences, so its bound widens to 1e-5 (see tests/golden_test.py).
    for (long t : {1L, 2L, 9L, 33L, 700L, 3000L}) {
        for (bool no_mask : {false, true}) {
            LessonOptions o;
            o.sections = {5};
            o.t = t;
            o.no_mask = no_mask;
            const auto r = run_lesson(o);
            CAPTURE(t);
            CAPTURE(no_mask);
            CHECK(r.input_shape == attn::report::Shape{static_cast<std::size_t>(t), 16});
            CHECK(r.output_shape == attn::report::Shape{static_cast<std::size_t>(t), 8});
            CHECK(r.max_difference < (t <= 5 ? 1e-6 : 1e-5));
        }
    }
    // The flash kernel alone on random q, k, v: position 0 sees only itself (causal), so its
    // output is v's first row up to the one rounding of exp(0)·v / 1.
    attn::rng::TorchGenerator g(7);
    for (std::size_t t : {1u, 2u, 9u, 33u}) {
        using attn::core::Tensor32;
        const Tensor32 q(t, 8, g.randn(t, 8)), k(t, 8, g.randn(t, 8)), v(t, 8, g.randn(t, 8));
        attn::kernels::Meter meter;
        const auto fused = attn::kernels::flash_attention(q.data.data(), k.data.data(), v.data.data(), t, meter, {});
        for (std::size_t c = 0; c < 8; ++c) CHECK(fused.out[c] == v(0, c));
    }
}

TEST_CASE("lesson options are checked, naming the flag") {
    LessonOptions o;
    o.sections = {0};
    CHECK_THROWS_AS(run_lesson(o), attn::UsageError);
    o.sections = {6};
    CHECK_THROWS_WITH_AS(run_lesson(o), "SECTION: must be a section number in 1..5 (got 6)",
                         attn::UsageError);
    o.sections = {5, 1, 5};
    CHECK(run_lesson(o).shown == std::vector<int>{1, 5});
    o = {};
    o.query = {NAN, 0};
    CHECK_THROWS_AS(run_lesson(o), attn::UsageError);
    o.query = {0, 2e6};
    CHECK_THROWS_AS(run_lesson(o), attn::UsageError);
}

TEST_CASE("lesson text: shown sections only, in order, blank line after 1-4") {
    LessonOptions o;
    o.sections = {5};
    const std::string five = attn::render::lesson_text(run_lesson(o));
    CHECK(five.rfind("== 5. ", 0) == 0);
    CHECK(five.find("输入 (5, 16) → q、k、v 各 (5, 8) → 输出 (5, 8)\n") != std::string::npos);
    CHECK(std::count(five.begin(), five.end(), '\n') == 3);
    o.sections = {2};
    o.query = {0, 1};
    const std::string two = attn::render::lesson_text(run_lesson(o));
    CHECK(two.find("  softmax 之后的权重：   {'床': 0.29, '前': 0.32, '明': 0.13, '月': 0.12, '光': 0.14}\n") !=
          std::string::npos);
    CHECK(two.size() > 2);
    CHECK(two.substr(two.size() - 2) == "\n\n");
}
