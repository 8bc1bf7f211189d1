#include "cli/output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "errors.hpp"

namespace attn::cli {
namespace {
int first_write_errno = 0;  // the cause of the first failed write, before later calls reset errno
}

void write_stdout(const std::string& text) {
    if (text.empty()) return;
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() && first_write_errno == 0) {
        first_write_errno = errno ? errno : EIO;
    }
}

void finish_stdout() {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (!flushed && first_write_errno == 0) first_write_errno = errno ? errno : EIO;
    if (first_write_errno != 0 || std::ferror(stdout)) {
        const int cause = first_write_errno ? first_write_errno : EIO;
        throw IoError(std::string("cannot write standard output: ") + std::strerror(cause));
    }
}

}  // namespace attn::cli
