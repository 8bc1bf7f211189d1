#pragma once
// The numbers of the worked solutions (section 04, 作業和解答) as text, and the facts about them
// that decide a sentence (which scores tie, which key scores highest, how many orders of magnitude
// the gradient loses, whether attn's counts agree with the formula). Shared by both languages'
// renderers, so that the numbers, and every sentence that depends on them, agree by construction.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "homework/problems/problems.hpp"

namespace attn::homework::worked {

// Integers as integers (the chapter writes 2, 0, 1), everything else at `places` decimals.
std::string num(double x, int places = 4);
std::string num4(double x);
std::string num6(double x);
// 4 decimals, or 3 significant figures for what 4 decimals would show as 0.0000 (0.0000227).
std::string weight(double x);
// Digits grouped by thousands: "101,760".
std::string grouped(double x);
// xs through f, separated by sep ("、" in the chapter's text, ", " in English).
std::string joined(const std::vector<double>& xs, std::string (*f)(double), const char* sep);
// "(2,0)"
std::string vec(const std::array<long, 2>& v);
// "4D²", "D²", "2N²D": a coefficient in front of a monomial, 1 left out.
std::string coef(long c, const char* monomial);

// ---- problem 1 ---------------------------------------------------------------------------------
// The first pair of keys (0-based) with equal scores, as the chapter's (a) names it; none when
// all three differ.
std::optional<std::pair<std::size_t, std::size_t>> tied_pair(const Problem1Solution& s);
// The key with the highest score (the first of a tie).
std::size_t top_key(const Problem1Solution& s);
// 1 − α₂ of (c) at as many decimals as weight() shows α₂ (6 when that is none or too many).
std::string one_minus_weight_c(const Problem1Solution& s);
// floor(log10(slope_a / slope_c)): whole orders of magnitude α(1−α) loses from (a) to (c).
int orders_lost(const Problem1Solution& s);

// ---- problem 2 ---------------------------------------------------------------------------------
// Column c printed as the chapter's section 3 prints A (NumPy, 3 decimals): "[0.209 0.021 …]".
std::string column_rounded(const Problem2Solution& s);
// The 1-based entries of column c that the mask removes: c+1 … N.
std::vector<std::size_t> removed_entries(const Problem2Solution& s);
// The masked column as `attn mask` shows it: 0 for masked entries, else 3 decimals.
std::vector<std::string> masked_column(const Problem2Solution& s);
// " --seed S" for the problem's seed, "" for the chapter's seed 0.
std::string seed_flag(const Problem2Solution& s);

// ---- problem 3 ---------------------------------------------------------------------------------
// What `attn multihead` counted at N = n for every H of the sweep: parameters or multiplications.
std::vector<std::int64_t> counted_at(const Problem3Solution& s, long n, bool parameters);
// Every counted value equals x (and there is at least one).
bool all_equal(const std::vector<std::int64_t>& values, double x);
// The heads of the sweep joined by sep: "1、2、3、6".
std::string heads_text(const Problem3Solution& s, const char* sep);
// (d)'s threshold without '*': "2D".
std::string threshold_text(const CostFormula& f);
// The counted multiplications at n_short and n_long both equal the formula.
bool multiplications_agree(const Problem3Solution& s);

}  // namespace attn::homework::worked
