#pragma once
// Typed errors, the project's shared vocabulary (core, experiments, homework, CLI). `main` is the
// one place that catches them and turns them into `attn: error: …` and an exit code; nothing
// else calls exit().
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

// A flag value outside its allowed range (exit code 2). `flag` is the flag as typed: "--n".
struct UsageError : std::runtime_error {
    UsageError(std::string flag_name, const std::string& what)
        : std::runtime_error(flag_name + ": " + what), flag(std::move(flag_name)) {}
    // A message that is not "FLAG: what" (it names several flags), still about `flag_name`.
    struct Line {};
    UsageError(Line, std::string flag_name, const std::string& line)
        : std::runtime_error(line), flag(std::move(flag_name)) {}
    std::string flag;
    // A range that other flags set (--pos in 2..N, --col in 1..N, --sweep's divisors of D): those
    // flags and the values allowed, as text ("2..3"). When `flag` was not typed, the CLI tells the
    // refusal as "--n 3 leaves --pos's default 4 out of range", naming what the user did type.
    std::vector<std::string> bounded_by;
    std::string allowed;
};

// A file that cannot be opened or written (exit code 3).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace attn
