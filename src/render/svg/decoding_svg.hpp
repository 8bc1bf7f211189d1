#pragma once
// Notebook 12.4 as a picture (`attn udl 12.4 --svg FILE`): for each shown decoding cell, the
// distribution at each step (its most likely tokens as bars, longest first, the chosen token in
// vermillion; top-k's and nucleus sampling's cut-off as a dashed line under the last token kept,
// tokens cut off in grey; a chosen token outside the ten most likely on its own row with its
// rank), and beam search (cell 28) as a tree: one column per step, one box per beam (the tokens it
// appends and its log_prob), a line from each beam to the beam of the step before that it extends.
// Long runs are cut to their first steps and beams, and the picture says so.
#include <string>

#include "results/udl_decoding_report.hpp"

namespace attn::render::svg {

std::string decoding_svg(const results::UdlDecodingReport& r);

}  // namespace attn::render::svg
