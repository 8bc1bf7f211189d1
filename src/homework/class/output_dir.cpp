#include "homework/class/output_dir.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iterator>
#include <vector>

#include "errors.hpp"
#include "files/paths.hpp"
#include "files/replace_file.hpp"
#include "homework/io/files.hpp"
#include "homework/reports/report_formats.hpp"

namespace attn::homework {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what) {
    throw IoError("--out " + path + ": " + what + ": " + std::strerror(errno));
}

void remove_file(const std::string& path) {
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) fail(path, "cannot remove the last run's file");
}

void make_directory(const std::string& path) {
    if (::mkdir(path.c_str(), 0777) == 0) return;
    if (errno == EEXIST && files::is_real_dir(path)) return;
    if (errno == EEXIST) errno = ENOTDIR;
    fail(path, "cannot create the folder");
}

// The student's report files, as report_formats() names them (students/<folder>/NAME).
std::vector<std::string> student_files() {
    std::vector<std::string> names;
    for (const ReportFormat& format : report_formats()) names.push_back(format.student_file);
    return names;
}

// The partial files a run killed before its renames left in `dir` (files::is_temp_beside's pattern
// for one of `names`): regular files only, so that nothing else of the teacher's is touched.
void remove_partials(const std::string& dir, const std::vector<std::string>& names) {
    DIR* d = ::opendir(dir.c_str());
    if (!d) fail(dir, "cannot read the folder");
    std::vector<std::string> partial;
    while (const dirent* e = ::readdir(d)) {
        const std::string entry = e->d_name;
        for (const std::string& name : names) {
            if (files::is_temp_beside(entry, name)) partial.push_back(dir + "/" + entry);
        }
    }
    ::closedir(d);
    for (const std::string& path : partial) {
        struct stat info {};
        if (::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) remove_file(path);
    }
}

}  // namespace

OutputLock::OutputLock(const std::string& dir) {
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) fail(dir, "cannot create the folder");
    if (!files::is_dir(dir)) {
        errno = ENOTDIR;
        fail(dir, "not a folder");
    }
    const std::string path = dir + "/" + kLockFile;
    // O_NOFOLLOW: a link planted in DIR never makes the lock's pid overwrite another file.
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK, 0644);
    if (fd_ < 0) fail(path, "cannot open the lock file");
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET;   // l_start 0, l_len 0: the whole file
    if (::fcntl(fd_, F_SETLK, &whole) != 0) {
        const int error = errno;
        struct flock holder = whole;
        const bool known = (error == EACCES || error == EAGAIN) && ::fcntl(fd_, F_GETLK, &holder) == 0 &&
                           holder.l_type != F_UNLCK;
        ::close(fd_);
        fd_ = -1;
        if (error != EACCES && error != EAGAIN) {
            errno = error;
            fail(path, "cannot lock the folder");
        }
        throw IoError("--out " + dir + ": another attn homework --grade-class" +
                      (known ? " (pid " + std::to_string(holder.l_pid) + ")" : std::string()) +
                      " is writing into this folder; wait for it to finish, or give another --out");
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        const int error = errno;
        ::close(fd_);
        errno = error;
        fail(path, "cannot write the lock file");
    }
}

OutputLock::~OutputLock() {
    if (fd_ >= 0) ::close(fd_);   // releases the lock
}

void prepare_output_dir(const std::string& dir) {
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) fail(dir, "cannot create the folder");
    if (!files::is_dir(dir)) {
        errno = ENOTDIR;
        fail(dir, "not a folder");
    }
    for (const char* name : kClassFiles) remove_file(dir + "/" + name);
    // Under the lock no other class run writes here: a partial file is a killed run's (issue 43).
    remove_partials(dir, std::vector<std::string>(std::begin(kClassFiles), std::end(kClassFiles)));
    const std::vector<std::string> reports = student_files();
    const std::string students = dir + "/students";
    struct stat info {};
    if (::lstat(students.c_str(), &info) == 0 && !S_ISDIR(info.st_mode)) remove_file(students);
    if (files::is_real_dir(students)) {
        DIR* d = ::opendir(students.c_str());
        if (!d) fail(students, "cannot read the folder");
        while (const dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name == "." || name == "..") continue;
            const std::string path = students + "/" + name;
            if (!files::is_real_dir(path)) {
                if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
                    ::closedir(d);
                    fail(path, "cannot remove");
                }
                continue;
            }
            for (const std::string& report : reports) {
                if (::unlink((path + "/" + report).c_str()) != 0 && errno != ENOENT) {
                    ::closedir(d);
                    fail(path + "/" + report, "cannot remove the last run's report");
                }
            }
            try {
                remove_partials(path, reports);
            } catch (const IoError&) {
                ::closedir(d);
                throw;
            }
            ::rmdir(path.c_str());   // left alone when it holds something else (ENOTEMPTY)
        }
        ::closedir(d);
    }
    make_directory(students);
}

std::string make_student_folder(const std::string& dir, const std::string& folder) {
    const std::string path = dir + "/students/" + folder;
    make_directory(path);
    return path;
}

void sync_output_dir(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) fail(dir, "cannot open the folder");
    const bool synced = ::syncfs(fd) == 0;
    ::close(fd);
    if (!synced) fail(dir, "cannot write the students' reports to disk");
}

StagedFile::StagedFile(const std::string& dir, const std::string& name) : path_(dir + "/" + name) {
    fd_ = files::open_beside(path_, temp_);
    if (fd_ < 0) fail(path_, "cannot create");
}

StagedFile::~StagedFile() {
    if (fd_ < 0) return;
    ::close(fd_);
    ::unlink(temp_.c_str());
}

void StagedFile::flush() {
    const int error = files::write_all(fd_, buffer_);
    buffer_.clear();
    if (error != 0) {
        errno = error;
        fail(path_, "cannot write");
    }
}

void StagedFile::append(const std::string& text) {
    buffer_ += text;
    if (buffer_.size() >= 64 * 1024) flush();
}

void StagedFile::commit() {
    flush();
    const int fd = fd_;
    fd_ = -1;
    const int error = files::commit_beside(fd, temp_, path_, true, 0);
    if (error != 0) {
        errno = error;
        fail(path_, "cannot write");
    }
}

void write_class_file(const std::string& dir, const std::string& name, const std::string& text) {
    write_file_atomically(dir + "/" + name, text, "--out");
}

}  // namespace attn::homework
