#include "cli/progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace attn::cli {

StderrProgress::StderrProgress(const std::string& label) {
    const char* term = std::getenv("TERM");
    if (isatty(STDERR_FILENO) != 1 || (term != nullptr && std::strcmp(term, "dumb") == 0)) return;
    const auto start = std::chrono::steady_clock::now();
    line_ = std::make_unique<render::ProgressLine>(
        label,
        [](const std::string& text) {
            std::fwrite(text.data(), 1, text.size(), stderr);
            std::fflush(stderr);
        },
        [start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); });
}

StderrProgress::~StderrProgress() {
    if (line_) line_->finish();
}

std::function<void(std::size_t, std::size_t)> StderrProgress::callback() {
    if (!line_) return {};
    render::ProgressLine* line = line_.get();
    return [line](std::size_t done, std::size_t total) { line->update(done, total); };
}

}  // namespace attn::cli
