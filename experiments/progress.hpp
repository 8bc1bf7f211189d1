#pragma once
// How a long experiment reports progress: called with (work done, work in the whole run, the step
// it is on), never backwards; an empty function is not called (no cost). The step is a few plain
// words the line shows ("recompute, T = 4000", "Dq = 400", "H = 8, comparing heads"). An argument
// of the run, not an option: it is the caller's (the CLI draws a progress line on a terminal,
// src/cli/progress.hpp) and lives exactly as long as the call. The experiment itself never prints.
#include <cstddef>
#include <functional>
#include <string>

namespace attn::experiments {

using Progress = std::function<void(std::size_t done, std::size_t total, const std::string& step)>;

}  // namespace attn::experiments
