#include "cli/process.hpp"

#include <csignal>
#include <cstdio>

#include <unistd.h>

#include "core/address_space.hpp"

namespace attn::cli {

void set_signal_policy() {
    std::signal(SIGPIPE, SIG_DFL);
    std::signal(SIGXFSZ, SIG_IGN);
}

int end_process(int code) {
    if (!core::address_space_limited()) return code;
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(code);
}

}  // namespace attn::cli
