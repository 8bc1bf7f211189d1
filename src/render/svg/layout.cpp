#include "render/svg/layout.hpp"

#include <cmath>

#include <fmt/format.h>

#include "text/utf8.hpp"

namespace attn::render::svg {

std::string tick_label(double v) {
    if (std::fabs(v) < 1e-12) return "0";
    std::string s = std::fabs(v) >= 1e9 ? fmt::format("{:.3g}", v) : fmt::format("{:.6f}", v);
    if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

double text_width(const std::string& utf8, double font_size) {
    return static_cast<double>(text::display_width(utf8)) * 0.62 * font_size;
}

}  // namespace attn::render::svg
