#include "cli/progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace attn::cli {

namespace {

bool stderr_is_terminal() {
    const char* term = std::getenv("TERM");
    return isatty(STDERR_FILENO) == 1 && !(term != nullptr && std::strcmp(term, "dumb") == 0);
}

void write_stderr(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

}  // namespace

StderrTicker::StderrTicker(std::string label) : label_(std::move(label)) {
    if (!stderr_is_terminal()) return;
    try {
        thread_ = std::thread([this] {
            const auto start = std::chrono::steady_clock::now();
            std::unique_lock<std::mutex> lock(mutex_);
            if (wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) return;
            do {
                const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
                write_stderr(render::ticker_text(label_, static_cast<long>(seconds.count())));
                shown_ = true;
            } while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return done_; }));
        });
    } catch (const std::system_error&) {
        // No threads here (the WebAssembly module, built without them): no ticker; the run goes on.
    }
}

StderrTicker::~StderrTicker() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (shown_) write_stderr("\r\x1b[K");
}

StderrProgress::StderrProgress(const std::string& label) {
    if (!stderr_is_terminal()) return;
    const auto start = std::chrono::steady_clock::now();
    line_ = std::make_unique<render::ProgressLine>(
        label,
        write_stderr,
        [start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); },
        0.25, 0.1, /*time_left=*/true);
    try {
        timer_ = std::thread([this] {
            std::unique_lock<std::mutex> lock(mutex_);
            while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return done_; })) line_->refresh();
        });
    } catch (const std::system_error&) {
        // No threads (the WebAssembly module): the line moves with the run's own updates only.
    }
}

StderrProgress::~StderrProgress() {
    if (!line_) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    wake_.notify_all();
    if (timer_.joinable()) timer_.join();
    line_->finish();
}

std::function<void(std::size_t, std::size_t)> StderrProgress::callback() {
    if (!line_) return {};
    return [this](std::size_t done, std::size_t total) {
        std::lock_guard<std::mutex> lock(mutex_);
        line_->update(done, total);
    };
}

std::function<void(std::size_t, std::size_t, const std::string&)> StderrProgress::steps() {
    if (!line_) return {};
    return [this](std::size_t done, std::size_t total, const std::string& step) {
        std::lock_guard<std::mutex> lock(mutex_);
        line_->update(done, total, step);
    };
}

}  // namespace attn::cli
