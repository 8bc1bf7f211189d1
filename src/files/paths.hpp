#pragma once
// What a path names, asked of the file system in one place (POSIX stat): the project's one
// `exists` and `is_dir`. Includes nothing of the project.
#include <string>

namespace attn::files {

// Something is at `path` (a symbolic link is followed: a dangling one is nothing).
bool exists(const std::string& path);
// `path` is a folder, or a symbolic link to one.
bool is_dir(const std::string& path);
// `path` is a folder itself, not a symbolic link to one (the class run's --out: its files are
// removed and written, so a link is never followed into another folder).
bool is_real_dir(const std::string& path);

}  // namespace attn::files
