#include "files/read_whole.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace attn::files {
namespace {

WholeFile failed(WholeFile::Failure failure, const std::string& name, const std::string& what) {
    WholeFile f;
    f.failure = failure;
    f.message = name + ": " + what;
    return f;
}

}  // namespace

WholeFile read_whole(const std::string& path, std::size_t max_bytes, bool allow_stdin) {
    const bool from_stdin = allow_stdin && path == "-";
    const std::string name = from_stdin ? "<stdin>" : path;
    // O_NONBLOCK: opening a FIFO with no writer must not wait; cleared once the file is known
    // to be a regular one.
    const int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return failed(WholeFile::Failure::open, name, std::string("cannot open: ") + std::strerror(errno));
    if (!from_stdin) {
        struct stat info {};
        if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
            const bool directory = S_ISDIR(info.st_mode);
            ::close(fd);
            return directory ? failed(WholeFile::Failure::directory, name, "cannot read: it is a directory")
                             : failed(WholeFile::Failure::not_regular, name,
                                      std::string("cannot read: not a regular file (a FIFO or device)") +
                                          (allow_stdin ? "; give a file, or - for standard input" : ""));
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    WholeFile f;
    char buffer[65536];
    int error = 0;
    while (f.text.size() <= max_bytes) {
        const std::size_t room = max_bytes + 1 - f.text.size();
        const ssize_t got = ::read(fd, buffer, room < sizeof buffer ? room : sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            error = errno;
            break;
        }
        if (got == 0) break;
        f.text.append(buffer, static_cast<std::size_t>(got));
    }
    if (!from_stdin) ::close(fd);
    if (error != 0) return failed(WholeFile::Failure::read, name, std::string("cannot read: ") + std::strerror(error));
    if (f.text.size() > max_bytes) {
        return failed(WholeFile::Failure::too_large, name, "larger than " + std::to_string(max_bytes) + " bytes");
    }
    return f;
}

}  // namespace attn::files
