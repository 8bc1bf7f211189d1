#pragma once
// `attn cost`'s report as text: the table (one row per kernel and length), the fitted exponents
// with a one-line verdict in the chapter's language, and a small log-log chart drawn with text.
// As JSON: render/json/cost_json.
#include <string>

#include "report/cost_report.hpp"

namespace attn::render {

std::string cost_text(const report::CostReport& report);

// "約按平方增長：指數 1.98", or why there is no exponent.
std::string cost_verdict(const report::CostFit& fit);

}  // namespace attn::render
