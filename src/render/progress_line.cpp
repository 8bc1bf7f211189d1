#include "render/progress_line.hpp"

#include <utility>

namespace attn::render {

ProgressLine::ProgressLine(std::string label, Sink sink, Clock clock, double delay, double interval)
    : label_(std::move(label)), sink_(std::move(sink)), clock_(std::move(clock)), start_(clock_()),
      delay_(delay), interval_(interval) {}

void ProgressLine::update(std::size_t done, std::size_t total) {
    if (total == 0) return;
    const double now = clock_();
    if (now - start_ < delay_) return;
    if (shown_ && now - last_ < interval_) return;
    const int percent = static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total));
    if (percent == last_percent_) return;
    last_ = now;
    last_percent_ = percent;
    shown_ = true;
    // \r returns to the line's start; ESC[K erases what a longer previous line left behind.
    sink_("\r" + label_ + " " + std::to_string(percent) + "%\x1b[K");
}

std::string ticker_text(const std::string& label, long seconds) {
    return "\r" + label + " working, " + std::to_string(seconds) + " s\x1b[K";
}

void ProgressLine::finish() {
    if (shown_) sink_("\r\x1b[K");
    shown_ = false;
}

}  // namespace attn::render
