#include "homework/io/files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errors.hpp"
#include "files/replace_file.hpp"

namespace attn::homework {

namespace {

std::string reason() { return std::strerror(errno); }

}  // namespace

void write_file_atomically(const std::string& path, const std::string& text, const std::string& flag, bool sync) {
    const int error = files::replace_file(path, text, sync);
    if (error != 0) {
        ::unlink(path.c_str());   // no stale report after a failure (unlink(2) never removes a directory)
        throw IoError(flag + " " + path + ": cannot write: " + std::strerror(error));
    }
}

void append_file(const std::string& path, const std::string& text, const std::string& flag) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0666);
    if (fd < 0) throw IoError(flag + " " + path + ": cannot open for appending: " + reason());
    const bool written = files::write_all(fd, text) == 0;
    const std::string why = reason();
    const bool closed = ::close(fd) == 0;
    if (!written || !closed) throw IoError(flag + " " + path + ": cannot write: " + why);
}

std::string read_small_file(const std::string& path, std::size_t max_bytes, const std::string& flag) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) throw IoError(flag + " " + path + ": cannot open: " + reason());
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw IoError(flag + " " + path + ": cannot read: not a regular file");
    }
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why = reason();
            ::close(fd);
            throw IoError(flag + " " + path + ": cannot read: " + why);
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > max_bytes) {
            ::close(fd);
            throw IoError(flag + " " + path + ": larger than " + std::to_string(max_bytes) + " bytes");
        }
    }
    ::close(fd);
    return text;
}

namespace {

// The directory entry a path names, with the directories resolved but a final symbolic link not
// followed: what rename() replaces.
std::string entry_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    char* real = ::realpath(dir.c_str(), nullptr);
    if (!real) return path;
    std::string out = std::string(real) + (std::string(real) == "/" ? "" : "/") + base;
    std::free(real);
    return out;
}

// The file a path reads, every link followed ("" when it does not exist).
std::string target_of(const std::string& path) {
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real) return "";
    std::string out(real);
    std::free(real);
    return out;
}

}  // namespace

bool same_file(const std::string& report, const std::string& other) {
    if (report == other) return true;
    const std::string entry = entry_of(report);
    const std::string target = target_of(other);
    return entry == entry_of(other) || (!target.empty() && entry == target);
}

bool same_inode(const std::string& a, const std::string& b) {
    if (a == b) return true;
    struct stat sa {}, sb {};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

bool is_special_file(const std::string& path) {
    struct stat info {};
    return ::lstat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode) &&
           !S_ISDIR(info.st_mode);
}

ReportSetLock::ReportSetLock(const std::vector<std::string>& paths) {
    std::vector<std::pair<std::pair<dev_t, ino_t>, int>> dirs;
    for (const std::string& path : paths) {
        const std::size_t slash = path.rfind('/');
        const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
        const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat info {};
        if (::fstat(fd, &info) != 0) {
            ::close(fd);
            continue;
        }
        bool seen = false;
        for (const auto& d : dirs) seen = seen || d.first == std::make_pair(info.st_dev, info.st_ino);
        if (seen) {
            ::close(fd);
            continue;
        }
        dirs.push_back({{info.st_dev, info.st_ino}, fd});
    }
    std::sort(dirs.begin(), dirs.end());   // one order for every run: no two runs wait on each other
    for (const auto& d : dirs) {
        while (::flock(d.second, LOCK_EX) != 0 && errno == EINTR) {
        }
        fds_.push_back(d.second);
    }
}

ReportSetLock::~ReportSetLock() {
    for (int fd : fds_) ::close(fd);   // closing releases the flock
}

}  // namespace attn::homework
