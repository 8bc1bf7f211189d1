#include "homework/problems/precision.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace attn::homework {

namespace {

// Decimal places that `p` asks for at this value (significant figures depend on the magnitude).
int places_for(double exact, const Precision& p) {
    if (p.kind == Precision::Kind::places) return p.digits;
    if (p.kind == Precision::Kind::exact) return 0;
    if (exact == 0.0 || !std::isfinite(exact)) return p.digits;
    // The exponent *after* rounding, as {fmt} rounds (correctly): 0.99996 to 4 sf is 1.000.
    const std::string e = fmt::format("{:.{}e}", std::fabs(exact), p.digits - 1);
    const int exponent = std::atoi(e.c_str() + e.find('e') + 1);
    return p.digits - 1 - exponent;
}

}  // namespace

double unit_of(double exact, const Precision& p) {
    if (p.kind == Precision::Kind::exact) return 0.0;
    return std::pow(10.0, -places_for(exact, p));
}

bool within_one_unit(double given, double exact, const Precision& p) {
    if (!std::isfinite(given) || !std::isfinite(exact)) return false;
    if (p.has_tolerance()) return std::fabs(given - exact) <= p.atol + p.rtol * std::fabs(exact);
    if (p.kind == Precision::Kind::exact) return given == exact;
    const double unit = unit_of(exact, p);
    return std::fabs(given - exact) <= unit * (1.0 + 1e-9) + 1e-15 * std::fabs(exact);
}

std::string at_precision(double exact, const Precision& p) {
    if (!std::isfinite(exact)) return fmt::format("{}", exact);
    if (p.kind == Precision::Kind::exact) {
        if (exact == std::floor(exact) && std::fabs(exact) < 9.0e15) return fmt::format("{:.0f}", exact);
        return fmt::format("{}", exact);
    }
    const int places = places_for(exact, p);
    // Tiny values asked in significant figures read better (and stay short) in e-notation.
    if (places > 9) return fmt::format("{:.{}e}", exact, p.digits - 1);
    if (places < 0) {
        return fmt::format("{:.0f}", std::strtod(fmt::format("{:.{}e}", exact, p.digits - 1).c_str(), nullptr));
    }
    return fmt::format("{:.{}f}", exact, places);
}

double rounded_to(double exact, const Precision& p) {
    if (p.kind == Precision::Kind::exact || !std::isfinite(exact)) return exact;
    return std::strtod(at_precision(exact, p).c_str(), nullptr);
}

bool is_correctly_rounded(double given, double exact, const Precision& p) {
    if (p.kind == Precision::Kind::exact) return given == exact;
    if (!std::isfinite(given)) return false;
    const double shown = rounded_to(exact, p);
    return std::fabs(given - shown) <= 1e-6 * unit_of(exact, p);
}

std::string describe(const Precision& p) {
    switch (p.kind) {
        case Precision::Kind::places:
            return fmt::format("{} decimal place{}", p.digits, p.digits == 1 ? "" : "s");
        case Precision::Kind::significant:
            return fmt::format("{} significant figure{}", p.digits, p.digits == 1 ? "" : "s");
        case Precision::Kind::exact: break;
    }
    return "exact";
}

std::string describe_short(const Precision& p) {
    std::string out = "exact";
    switch (p.kind) {
        case Precision::Kind::places: out = fmt::format("{} dp", p.digits); break;
        case Precision::Kind::significant: out = fmt::format("{} sf", p.digits); break;
        case Precision::Kind::exact: break;
    }
    if (p.rtol > 0) out += fmt::format(", rtol {}", p.rtol);
    if (p.atol > 0) out += fmt::format(", atol {}", p.atol);
    return out;
}

}  // namespace attn::homework
