#pragma once
// Files written whole or not at all: the text goes to a temporary file beside `path`, is synced,
// and is renamed over `path`, so a reader (a CI job uploading a report, a browser showing an
// SVG) never sees a half-written file, even when the disk fills or the process dies. Callers
// decide what `path` is (the homework reports refuse to follow links, `--svg` follows them).
// POSIX only; includes nothing of the project.
#include <string>

namespace attn::files {

// 0 on success, else the errno of the step that failed (the temporary file is removed). The new
// file gets the mode a plain open() would give it (0666 less the umask). Safe to call from several
// threads. `sync` false skips the fsync: the file is still seen whole or not at all while the
// machine runs, and the caller makes it durable later (one syncfs for a folder of reports).
int replace_file(const std::string& path, const std::string& text, bool sync = true);

// The two halves of replace_file, for a file written in parts (the gradebook of a large class):
// open_beside creates a temporary file beside `path` (its name in `temp`; -1 and errno on failure);
// commit_beside syncs (when `sync`), closes and renames it over `path` when `error` is 0, and
// otherwise removes it. It returns the first errno, `error` included.
int open_beside(const std::string& path, std::string& temp);
int commit_beside(int fd, const std::string& temp, const std::string& path, bool sync, int error);

// Whether the directory entry `entry` is a temporary file open_beside made for a file named
// `name` in the same folder: "." + name (cut as open_beside cuts it) + ".attn-PID-N", PID and N
// decimal. What a process killed before its rename leaves (homework --grade-class removes them
// from its folder on the next run); any other name, a teacher's ".name.bak" or
// ".name.attn-notes", is not one.
bool is_temp_beside(const std::string& entry, const std::string& name);

// write() all of `text` to `fd`, retrying on EINTR: 0 or the errno of the failure.
int write_all(int fd, const std::string& text);

}  // namespace attn::files
