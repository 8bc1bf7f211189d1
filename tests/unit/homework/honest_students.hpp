// Honest students' methods, written out as a person works them (independently of the grader).
#pragma once
#include <cmath>
#include <limits>
#include <cstdlib>
#include <string>
#include <vector>
#include <fmt/format.h>

namespace students {

inline double to_places(double x, int places) { return std::strtod(fmt::format("{:.{}f}", x, places).c_str(), nullptr); }
inline double to_figures(double x, int figures) { return std::strtod(fmt::format("{:.{}e}", x, figures - 1).c_str(), nullptr); }

// How a figure that the problem does not print is written down.
struct Form {
    enum Kind { exact, float32, places, figures } kind = exact;
    int digits = 0;
    double apply(double x) const {
        switch (kind) {
            case places: return to_places(x, digits);
            case figures: return to_figures(x, digits);
            case float32: return static_cast<double>(static_cast<float>(x));
            case exact: break;
        }
        return x;
    }
    std::string name() const {
        switch (kind) {
            case places: return fmt::format("{} places", digits);
            case figures: return digits == 4 ? "4-figure table" : fmt::format("{} figures", digits);
            case float32: return "float32";
            case exact: break;
        }
        return "float64";
    }
};

struct Method {
    Form exps;                 // the exponentials (and their sum)
    bool shift = false;        // exp(s − max s)
    int force = 0;             // weights forced to sum to 1: 0 no, 1 last = 1 − rest, 2 the largest takes the remainder
    int sqrt2 = 0;             // 0 exact, 1 ÷1.4142, 2 ×0.7071, 3 ÷1.414
    bool round_scaled = true;  // scaled scores at the asked 4 places before the softmax
    bool round_sum = true;     // the sum carried like the exponentials
    std::string name() const {
        static const char* const roots[] = {"sqrt(2)", "1.4142", "0.7071", "1.414"};
        static const char* const forces[] = {"", ", forced: last = 1 - rest", ", forced: largest takes the rest"};
        return fmt::format("exps {}{}{}, {}{}{}", exps.name(), shift ? " shifted" : "", forces[force], roots[sqrt2],
                           round_scaled ? "" : ", scaled unrounded", round_sum ? "" : ", sum unrounded");
    }
};

// Every method of issue 29: float64 and float32, 4- to 6-place and 4- to 6-figure exponentials,
// with and without the largest subtracted, each also forced to sum to 1 both ways (48 methods);
// √2 spellings and the roundings of scaled scores and sums vary with the variant.
inline std::vector<Method> methods() {
    std::vector<Method> out;
    std::vector<Form> forms = {{Form::exact, 0}, {Form::float32, 0}};
    for (int d = 4; d <= 6; ++d) forms.push_back({Form::places, d});
    for (int d = 4; d <= 6; ++d) forms.push_back({Form::figures, d});
    for (const Form& f : forms) {
        for (int shift = 0; shift < 2; ++shift) {
            for (int force = 0; force < 3; ++force) out.push_back({f, shift == 1, force});
        }
    }
    return out;
}

// Softmax by hand. A student whose exponentials all come out 0 sees 0/0 and subtracts the largest.
inline std::vector<double> softmax(const std::vector<double>& scores, const Method& m) {
    double top = scores[0];
    for (double x : scores) top = std::max(top, x);
    bool shift = m.shift;
    // The rule: exponentials carried in decimal places keep at least 2 significant figures of the
    // largest one (0.0025 at 4 places; 0.0001 does not): when they would not, the student
    // subtracts the largest score first.
    if (m.exps.kind == Form::places &&
        to_places(std::exp(top), m.exps.digits) < 10 * std::pow(10.0, -m.exps.digits)) {
        shift = true;
    }
    for (int attempt = 0; attempt < 2; ++attempt) {
        std::vector<double> e;
        double sum = 0;
        if (m.exps.kind == Form::float32) {   // NumPy float32: every step in single precision
            // Like 0/0 in places: a largest exponential that overflows or is not a normal float32
            // (below 1.2e-38, where float32 keeps fewer digits) makes the student subtract the largest.
            // So does any exponential that float32 keeps only as a subnormal (fewer digits than 4 figures).
            bool lost = false;
            for (double x : scores) {
                const float e = std::exp(static_cast<float>(shift ? x - top : x));
                lost = lost || !std::isfinite(e) || (e > 0 && e < std::numeric_limits<float>::min());
            }
            if (!shift && lost) {
                shift = true;
                continue;
            }
            float fs = 0;
            std::vector<float> ef;
            for (double x : scores) ef.push_back(std::exp(static_cast<float>(shift ? x - top : x)));
            for (float v : ef) fs += v;
            std::vector<double> w;
            for (float v : ef) w.push_back(static_cast<double>(v / fs));
            if (fs > 0 && std::isfinite(fs)) return w;
            shift = true;
            continue;
        }
        for (double x : scores) {
            e.push_back(m.exps.apply(std::exp(shift ? x - top : x)));
            sum += e.back();
        }
        if (m.round_sum) sum = m.exps.apply(sum);
        if (sum > 0) {
            for (double& v : e) v /= sum;
            return e;
        }
        shift = true;
    }
    return {};
}

// Written at the asked precision, then (force) made to add up to exactly 1 at that precision.
inline std::vector<double> written(std::vector<double> w, const Method& m, bool places, int digits) {
    for (double& x : w) x = places ? to_places(x, digits) : to_figures(x, digits);
    if (m.force == 0 || !places) return w;
    std::size_t k = w.size() - 1;
    if (m.force == 2) {
        for (std::size_t i = 0; i < w.size(); ++i) if (w[i] > w[k]) k = i;
    }
    double rest = 0;
    for (std::size_t i = 0; i < w.size(); ++i) if (i != k) rest += w[i];
    w[k] = to_places(1.0 - rest, digits);
    return w;
}

inline std::string text_of(const std::vector<double>& w, bool places, int digits) {
    std::string out = "[";
    for (std::size_t i = 0; i < w.size(); ++i) {
        out += (i ? ", " : "") + (places ? fmt::format("{:.{}f}", w[i], digits) : fmt::format("{:.{}e}", w[i], digits - 1));
    }
    return out + "]";
}

}  // namespace students
