#pragma once
// How a long experiment reports progress: called with (work done, work in the whole run), never
// backwards; an empty function is not called (no cost). An argument of the run, not an option:
// it is the caller's (the CLI draws a progress line on a terminal, src/cli/progress.hpp) and
// lives exactly as long as the call. The experiment itself never prints.
#include <cstddef>
#include <functional>

namespace attn::experiments {

using Progress = std::function<void(std::size_t done, std::size_t total)>;

}  // namespace attn::experiments
