#pragma once
// Files read whole, within a limit, beside replace_file (files written whole). One reader for
// the small inputs a user names (udl's --diagnose file; the homework's sheet, course and secret
// files are to move here), one rule for what it opens, and one message shape for what failed:
// "PATH: cannot open: REASON", "PATH: cannot read: it is a directory", "PATH: cannot read: not a
// regular file (a FIFO or device)" (and "; give a file, or - for standard input" where "-" is
// allowed), "PATH: cannot read: REASON", "PATH: larger than N bytes";
// the caller puts its flag in front and decides the exit code. POSIX only; includes nothing of
// the project.
#include <cstddef>
#include <string>

namespace attn::files {

struct WholeFile {
    enum class Failure { none, open, directory, not_regular, read, too_large };
    std::string text;            // the bytes, when failure is none
    Failure failure = Failure::none;
    std::string message;         // "" or the failure in the shape above
};

// The whole of `path`, at most `max_bytes` of it, or of standard input when `allow_stdin` and
// `path` is "-" (named "<stdin>" in messages). Only regular files are opened for reading: a FIFO
// with no writer, a terminal or a device is refused without waiting, and a directory is named as
// one. At most max_bytes + 1 bytes are read, so a huge or endless input is refused without being
// read through.
WholeFile read_whole(const std::string& path, std::size_t max_bytes, bool allow_stdin);

}  // namespace attn::files
