#include "homework/solutions/solution_charts.hpp"

#include "core/softmax.hpp"
#include "render/svg/line_chart.hpp"

namespace attn::homework {
namespace {

// Problem 1: the weights of k1, k2, k3 for the query t·q, t = 0, ½, 1, …, the (c) scale, with the
// scores unscaled as (b) and (c) compute them: softmax(t · k_m·q).
std::string weights_chart(const Problem1Solution& p) {
    namespace svg = render::svg;
    const long steps = 2 * std::max<long>(p.params.scale, 1);
    std::vector<double> ts;
    for (long i = 0; i <= steps; ++i) ts.push_back(0.5 * static_cast<double>(i));
    const render::Rgb colours[] = {svg::kBlue, svg::kVermillion, svg::kBluishGreen};
    svg::Panel panel;
    panel.title = "softmax(t k_m . q), unscaled as in (b) and (c)";
    panel.x_label = "t: the query t q (t = 1 is (b), t = " + std::to_string(p.params.scale) + " is (c))";
    panel.y_label = "weight";
    panel.y_max = 1;
    for (std::size_t m = 0; m < p.scores.size() && m < 3; ++m) {
        svg::Series s;
        s.name = "k" + std::to_string(m + 1) + " (k.q = " + std::to_string(static_cast<long>(p.scores[m])) + ")";
        for (std::size_t e = 0; e < m; ++e) {   // equal scores, equal weights: one line under the other
            if (p.scores[e] == p.scores[m]) s.name += ", the line of k" + std::to_string(e + 1);
        }
        s.colour = colours[m];
        s.dashed = m == 1;
        s.square_markers = m == 2;
        panel.series.push_back(s);
    }
    for (double t : ts) {
        std::vector<double> scores;
        for (double v : p.scores) scores.push_back(t * v);
        const std::vector<double> w = core::softmax(scores);   // (3): the weights at t
        for (std::size_t m = 0; m < panel.series.size(); ++m) {
            panel.series[m].x.push_back(t);
            panel.series[m].y.push_back(w[m]);
        }
    }
    return svg::chart_svg({"Homework 1: the weights sharpen as the query grows", {panel}});
}

// Problem 3: the two parts of one layer's multiplications at D, over N from D/2 to 4D: the
// projections and mixing (4D²N) and the scores and weighting (2N²D), equal at N = 2D.
std::string cost_chart(const Problem3Solution& p) {
    namespace svg = render::svg;
    const double d = static_cast<double>(p.params.d);
    svg::Panel panel;
    panel.title = "D = " + std::to_string(p.params.d) + ": the parts cross at N = 2D = " + std::to_string(p.n_equal);
    panel.x_label = "N, positions";
    panel.y_label = "multiplications";
    svg::Series linear{"projections and mixing, " + p.formula.muls_expression().substr(0, p.formula.muls_expression().find(" + ")),
                       {}, {}, svg::kBlue};
    svg::Series quadratic{"scores and weighting, " + p.formula.muls_expression().substr(p.formula.muls_expression().find(" + ") + 3),
                          {}, {}, svg::kVermillion, true, true};
    for (double k : {0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0}) {
        const double n = k * d;
        linear.x.push_back(n);
        linear.y.push_back(p.formula.linear(d, n));
        quadratic.x.push_back(n);
        quadratic.y.push_back(p.formula.quadratic(d, n));
    }
    panel.series = {linear, quadratic};
    return svg::chart_svg({"Homework 3: where the N² terms take over", {panel}});
}

}  // namespace

std::vector<std::pair<std::string, std::string>> solution_charts(const Solutions& s, int problem) {
    std::vector<std::pair<std::string, std::string>> charts;
    if (problem == 0 || problem == 1) charts.emplace_back("hw1-weights.svg", weights_chart(s.p1));
    if (problem == 0 || problem == 3) charts.emplace_back("hw3-cost.svg", cost_chart(s.p3));
    return charts;
}

}  // namespace attn::homework
