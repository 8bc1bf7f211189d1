#include "render/progress_line.hpp"

#include <cmath>
#include <utility>

namespace attn::render {

namespace {
constexpr double kRedraw = 0.5;   // seconds between draws of an unchanged line (the timer ticks each 0.5 s)
}  // namespace

ProgressLine::ProgressLine(std::string label, Sink sink, Clock clock, double delay, double interval, bool time_left)
    : label_(std::move(label)), sink_(std::move(sink)), clock_(std::move(clock)), start_(clock_()),
      delay_(delay), interval_(interval), time_left_(time_left) {}

void ProgressLine::refresh() {
    if (shown_) update(last_done_, last_total_, step_);
}

void ProgressLine::update(std::size_t done, std::size_t total, const std::string& step) {
    if (total == 0) return;
    last_done_ = done;
    last_total_ = total;
    step_ = step;
    const double now = clock_();
    if (now - start_ < delay_) return;
    if (shown_ && now - last_ < interval_ && step == shown_step_) return;
    const int percent = static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total));
    // The time left at the pace so far (whole seconds, rounded up), once a second has passed.
    long left = -1;
    const double elapsed = now - start_;
    if (time_left_ && done > 0 && done < total && elapsed >= 1.0) {
        left = static_cast<long>(std::ceil(elapsed * static_cast<double>(total - done) / static_cast<double>(done)));
    }
    // the same line is drawn again each half second (a terminal recording shows the run alive)
    if (percent == last_percent_ && left == last_left_ && step == shown_step_ && now - last_ < kRedraw) return;
    last_ = now;
    last_percent_ = percent;
    last_left_ = left;
    shown_step_ = step;
    shown_ = true;
    // \r returns to the line's start; ESC[K erases what a longer previous line left behind.
    std::string line = "\r" + label_ + " " + std::to_string(percent) + "%" + (step.empty() ? "" : " (" + step + ")") + "\x1b[K";
    if (left >= 0) {
        line += left > 90 ? ", about " + std::to_string((left + 59) / 60) + " min left" : ", about " + std::to_string(left) + " s left";
    }
    sink_(line);
}

std::string ticker_text(const std::string& label, long seconds) {
    return "\r" + label + " working, " + std::to_string(seconds) + " s\x1b[K";
}

void ProgressLine::finish() {
    if (shown_) sink_("\r\x1b[K");
    shown_ = false;
}

}  // namespace attn::render
