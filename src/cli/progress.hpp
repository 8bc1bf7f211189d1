#pragma once
// The progress line of long runs (`scaling` with a large --r, `cost`), on stderr and only when
// stderr is a terminal (not "dumb"): pipes, files and CI logs never see it. See render/progress_line.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "render/progress_line.hpp"

namespace attn::cli {

class StderrProgress {
public:
    explicit StderrProgress(const std::string& label);
    ~StderrProgress();   // erases the line, if one was drawn
    StderrProgress(const StderrProgress&) = delete;
    StderrProgress& operator=(const StderrProgress&) = delete;
    // For an experiment's Options: empty (no calls, no cost) when stderr is not a terminal.
    std::function<void(std::size_t, std::size_t)> callback();

private:
    std::unique_ptr<render::ProgressLine> line_;
};

}  // namespace attn::cli
