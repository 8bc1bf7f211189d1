#pragma once
// A progress line for long runs: "\r<label> 45% (step)" redrawn in place, at most every
// `interval` seconds and only once the run has lasted `delay` seconds (short runs show nothing),
// cleared when done. Pure: the caller supplies the clock and where the bytes go (the glue writes
// them to stderr when it is a terminal), so the timing rules are tested with a fake clock.
#include <cstddef>
#include <functional>
#include <string>

namespace attn::render {

// The line of a run that reports no progress, redrawn in place: "\r<label> working, 3 s" and an
// erase to the end of the line.
std::string ticker_text(const std::string& label, long seconds);

class ProgressLine {
public:
    using Clock = std::function<double()>;                 // seconds, monotonic
    using Sink = std::function<void(const std::string&)>;

    // `time_left`: after the percentage, once a second has passed, the time the rest will take at
    // the pace so far: "\r<label> 45%\x1b[K, about 12 s left" (the erase comes before it, so a
    // longer line before leaves nothing behind).
    ProgressLine(std::string label, Sink sink, Clock clock, double delay = 0.25, double interval = 0.1,
                 bool time_left = false);
    // An unchanged line is drawn again once half a second has passed since it was last drawn.
    // `done` of `total` units finished, on `step` (shown in brackets after the percentage:
    // "attn cost: 45% (recompute, T = 4000)"; a new step redraws the line at once).
    void update(std::size_t done, std::size_t total, const std::string& step = "");
    // Draws the line again for the last update, now: the time left keeps moving while a long step
    // reports nothing (a timer calls it); nothing before the first line is drawn.
    void refresh();
    // Erases the line if one was drawn ("\r", ESC[K), so the terminal is as before.
    void finish();
    bool shown() const { return shown_; }

private:
    std::string label_;
    Sink sink_;
    Clock clock_;
    double start_, delay_, interval_, last_ = -1;
    int last_percent_ = -1;
    bool shown_ = false;
    bool time_left_ = false;
    long last_left_ = -1;
    std::size_t last_done_ = 0, last_total_ = 0;
    std::string step_, shown_step_;
};

}  // namespace attn::render
