#pragma once
// The homework room's file access (the glue's): small teacher files read whole, report files
// written all-or-nothing, the step summary appended. POSIX calls; errors as attn::IoError (exit 3).
#include <cstddef>
#include <string>
#include <vector>

namespace attn::homework {

// Writes `text` to a temporary file beside `path` and renames it over `path`, so that a reader sees
// the old file or the whole new one, never a part. A symbolic link at `path` is replaced, not
// followed. On failure the temporary file is removed, and so is what was at `path` (never a
// directory), so that no stale report survives a failed write. `flag` names the file in messages.
// `sync` false: no fsync (see files::replace_file; the class run syncs its folder once).
void write_file_atomically(const std::string& path, const std::string& text, const std::string& flag,
                           bool sync = true);

// Appends `text` to `path` (created when absent).
void append_file(const std::string& path, const std::string& text, const std::string& flag);

// Reads a regular file of at most `max_bytes` (a FIFO or device is refused without blocking).
std::string read_small_file(const std::string& path, std::size_t max_bytes, const std::string& flag);

// Whether writing `report` (rename over its directory entry) would replace `other` or the file
// `other` reads: the same text, the same entry once directories are resolved, or `report` naming
// the file a symbolic link `other` points to. A symbolic link at `report` itself is harmless: it is
// replaced, not followed.
bool same_file(const std::string& report, const std::string& other);

// Whether `a` and `b` are one file once every link is followed (the same device and inode), or
// the same text: what appending to `a` would write into. For $GITHUB_STEP_SUMMARY, which is
// appended to through its links, never renamed over.
bool same_inode(const std::string& a, const std::string& b);

// Whether something other than a regular file or a symbolic link is at `path` (a device node, a
// FIFO, a socket): such a report path is refused and never unlinked (a report at /dev/null as
// root used to replace the device with a regular file).
bool is_special_file(const std::string& path);

// One lock on a run's report set (issue 22, point 10): an exclusive flock(2) on the directory of
// every report path, taken in a fixed order (device, inode), held while the set is written. Two
// gradings into the same report paths then each write their report files as one set:
// the files left are one run's, never one of each. Directories are opened read-only; a directory
// that cannot be opened is skipped (the write then fails with its own message).
class ReportSetLock {
  public:
    explicit ReportSetLock(const std::vector<std::string>& paths);
    ~ReportSetLock();
    ReportSetLock(const ReportSetLock&) = delete;
    ReportSetLock& operator=(const ReportSetLock&) = delete;

  private:
    std::vector<int> fds_;
};

}  // namespace attn::homework
