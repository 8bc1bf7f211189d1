#pragma once
// `attn cost`'s report as text: the table (one row per kernel and length), the fitted exponents
// with a one-line verdict, and a small log-log chart drawn with text; in the chapter's language
// (the default, its bytes unchanged) or English. As JSON: render/json/cost_json.
#include <string>

#include "render/lang.hpp"
#include "results/cost_report.hpp"

namespace attn::render {

std::string cost_text(const results::CostReport& report, Lang lang);

// "約按平方增長：指數 1.98" ("roughly quadratic: exponent 1.98"), or why there is no exponent;
// on a busy machine followed by the CPU-time exponent (see cost_busy).
std::string cost_verdict(const results::CostFit& fit, Lang lang);

// The wall time was well above the CPU time (over 1.25 times): the run waited for a core, so the
// verdict adds the exponent fitted to CPU time. False under two lengths.
bool cost_busy(const results::CostFit& fit);

}  // namespace attn::render
