#pragma once
// Typed errors, the project's shared vocabulary (core, experiments, homework, CLI). `main` is the
// one place that catches them and turns them into `attn: error: …` and an exit code; nothing
// else calls exit().
#include <stdexcept>
#include <string>

namespace attn {

// A flag value outside its allowed range (exit code 2). `flag` is the flag as typed: "--n".
struct UsageError : std::runtime_error {
    UsageError(std::string flag_name, const std::string& what)
        : std::runtime_error(flag_name + ": " + what), flag(std::move(flag_name)) {}
    std::string flag;
};

// A file that cannot be opened or written (exit code 3).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace attn
