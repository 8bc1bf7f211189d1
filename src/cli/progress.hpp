#pragma once
// The progress line of long runs (`scaling` with a large --r, `cost`), on stderr and only when
// stderr is a terminal (not "dumb"): pipes, files and CI logs never see it. See render/progress_line.
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "render/progress_line.hpp"

namespace attn::cli {

// For a run without a progress function (attention, mask, permutation, lesson, udl): once it
// has lasted a second, a line "attn mask: working, 3 s" on stderr, redrawn each half second from
// a thread of its own and erased when the run ends; only when stderr is a terminal (not "dumb").
class StderrTicker {
public:
    explicit StderrTicker(std::string label);
    ~StderrTicker();   // stops the thread, erases the line if one was drawn
    StderrTicker(const StderrTicker&) = delete;
    StderrTicker& operator=(const StderrTicker&) = delete;

private:
    std::string label_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false, shown_ = false;
    std::thread thread_;
};

class StderrProgress {
public:
    explicit StderrProgress(const std::string& label);
    ~StderrProgress();   // erases the line, if one was drawn
    StderrProgress(const StderrProgress&) = delete;
    StderrProgress& operator=(const StderrProgress&) = delete;
    // For a run: empty (no calls, no cost) when stderr is not a terminal. steps() names the step
    // too (experiments::Progress); callback() has none (the class run's students). Both are
    // thread-safe (attn cost's kernels tick from their worker threads).
    std::function<void(std::size_t, std::size_t)> callback();
    std::function<void(std::size_t, std::size_t, const std::string&)> steps();

private:
    std::unique_ptr<render::ProgressLine> line_;
    // A timer redraws the line each half second, so that the time left moves during a long step;
    // the run's updates and the timer take turns on the line.
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread timer_;
};

}  // namespace attn::cli
