#include "files/replace_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace attn::files {

int write_all(int fd, const std::string& text) {
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        written += static_cast<std::size_t>(n);
    }
    return 0;
}

int replace_file(const std::string& path, const std::string& text) {
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    if (base.empty()) return EISDIR;
    // Beside it, so that rename() stays atomic: "." + name + ".attn-XXXXXX", the name cut so that
    // the temporary's fits NAME_MAX (255 bytes) when the file's own name is 243-255 bytes long.
    constexpr std::size_t kNameMax = 255, kAdded = 13;   // "." and ".attn-XXXXXX"
    const std::string stem = base.substr(0, std::min(base.size(), kNameMax - kAdded));
    std::string temp = dir + "/." + stem + ".attn-XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) return errno;
    const mode_t mask = ::umask(0);   // mkstemp makes 0600; give what open() would
    ::umask(mask);
    int error = ::fchmod(fd, 0666 & ~mask) == 0 ? 0 : errno;
    if (error == 0) error = write_all(fd, text);
    if (error == 0 && ::fsync(fd) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error == 0 && std::rename(temp.c_str(), path.c_str()) != 0) error = errno;
    if (error != 0) ::unlink(temp.c_str());
    return error;
}

}  // namespace attn::files
